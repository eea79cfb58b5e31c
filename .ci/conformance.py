#!/usr/bin/env python3
"""Runs schemathesis against `tvsim serve` with Adobe's OpenAPI documents (REST API V2 and DCR)
and fails on any violation that Tests/Conformance/allowed-violations.json does not list.

The server runs on a free loopback port. A client is registered through DCR first, so that the
generated requests carry a real Bearer token and device headers and reach the handlers rather
than stopping at 401. Values that must be real for a request to go deep (the requestor, MVPD
ids, the software statement, client credentials, a refresh token) are handed to schemathesis as
dictionaries it draws from most of the time; the rest is generated.
"""

import argparse
import base64
import glob
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
REQUESTOR = "ORBIT"
DEVICE_INFO = {"primaryHardwareType": "MobilePhone", "model": "iPhone", "osName": "iOS"}
# Each document with the path under which the mock serves it (its `servers` entry's path).
DOCUMENTS = [("restApiV2.json", "/api/v2"), ("dcrApi.json", "/o")]


def main():
    options = parse_arguments()
    allowed = load_allowed(options.allowed)
    os.makedirs(options.work, exist_ok=True)
    server, base = start_server(options.tvsim)
    try:
        prepare_inputs(base, options.work)
        failures, problems = [], []
        for document, path in DOCUMENTS:
            events = run_schemathesis(options, document, base + path)
            failures += [dict(failure, document=document) for failure in read_failures(events)]
            problems += [f"{document}: {problem}" for problem in read_problems(events)]
    finally:
        server.terminate()
        server.wait(timeout=15)
    sys.exit(report(failures, problems, allowed))


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tvsim", required=True, help="the tvsim binary")
    parser.add_argument("--documents", required=True, help="folder with restApiV2.json and dcrApi.json")
    parser.add_argument("--config", required=True, help="schemathesis.toml")
    parser.add_argument("--allowed", required=True, help="allowed-violations.json")
    parser.add_argument("--work", required=True, help="folder for dictionaries and reports")
    parser.add_argument("--schemathesis", required=True, help="the st command")
    parser.add_argument("--max-examples", type=int, default=200)
    parser.add_argument("--checks", default=CHECKS, help="schemathesis checks (comma-separated)")
    parser.add_argument("--seed", type=int, default=20_240_601)
    return parser.parse_args()


def load_allowed(path):
    with open(path, encoding="utf-8") as file:
        entries = json.load(file)["allowed"]
    for entry in entries:
        if not entry.get("reason", "").strip():
            sys.exit(f"conformance: {path}: every allowed violation needs a reason: {entry}")
        entry["pattern"] = re.compile(entry.get("message", ""), re.DOTALL)
    return entries


# MARK: The server


def start_server(tvsim):
    """Starts `tvsim serve` on a free port and returns it with the base URL from its banner."""
    server = subprocess.Popen(
        [tvsim, "serve", "--port", "0", "--quiet", "--seed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found = {}

    def read_banner():
        for line in server.stdout:
            match = re.search(r"listening on (http://\S+)", line)
            if match and "base" not in found:
                found["base"] = match.group(1)
        # Keep draining so the server never blocks on a full pipe.

    threading.Thread(target=read_banner, daemon=True).start()
    deadline = time.monotonic() + 60
    while "base" not in found:
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            sys.exit("conformance: tvsim serve did not start")
        time.sleep(0.1)
    return server, found["base"]


def http(base, path, data=None, headers=None):
    request = urllib.request.Request(base + path, data=data, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def prepare_inputs(base, work):
    """Registers a client, gets its tokens and writes what schemathesis needs to send."""
    info = http(base, "/__tvsim/info")
    statement = next(r["softwareStatement"] for r in info["requestors"] if r["id"] == REQUESTOR)
    device_info = base64.b64encode(json.dumps(DEVICE_INFO).encode()).decode()
    client = http(
        base, "/o/client/register", json.dumps({"software_statement": statement}).encode(),
        {"Content-Type": "application/json", "X-Device-Info": device_info})
    form = {"grant_type": "client_credentials", "client_id": client["client_id"],
            "client_secret": client["client_secret"]}
    token = http(base, "/o/client/token", urllib.parse.urlencode(form).encode(), {"X-Device-Info": device_info})
    os.environ["TVSIM_TOKEN"] = token["access_token"]
    os.environ["TVSIM_DEVICE_INFO"] = device_info
    os.environ["TVSIM_DEVICE_ID"] = "fingerprint " + base64.b64encode(b"conformance-device").decode()
    write_dictionary(work, "mvpds", [mvpd["id"] for mvpd in info["mvpds"]])
    write_dictionary(work, "statements", [statement])
    write_dictionary(work, "client-ids", [client["client_id"]])
    write_dictionary(work, "client-secrets", [client["client_secret"]])
    write_dictionary(work, "refresh-tokens", [token["refresh_token"]])


def write_dictionary(work, name, values):
    """A libFuzzer-style dictionary: one quoted value a line."""
    with open(os.path.join(work, name + ".dict"), "w", encoding="utf-8") as file:
        file.writelines(json.dumps(value) + "\n" for value in values)


# MARK: Schemathesis


def run_schemathesis(options, document, url):
    reports = os.path.join(options.work, "reports", document.removesuffix(".json"))
    for old in glob.glob(os.path.join(reports, "*")):
        os.remove(old)
    command = [
        options.schemathesis, "--config-file", options.config, "run",
        os.path.join(options.documents, document), "--url", url, "--checks", options.checks,
        "--max-examples", str(options.max_examples), "--seed", str(options.seed), "--workers", "1",
        "--continue-on-failure", "--report", "ndjson", "--report-dir", reports, "--no-color",
    ]
    print(f"conformance: {document} against {url}", flush=True)
    log_path = os.path.join(options.work, document.removesuffix(".json") + ".log")
    with open(log_path, "w", encoding="utf-8") as log:
        subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, check=False)
    with open(log_path, encoding="utf-8") as log:
        print("".join(summary_lines(log.read())), flush=True)
    events = []
    for path in glob.glob(os.path.join(reports, "*.ndjson")):
        with open(path, encoding="utf-8") as file:
            events += [json.loads(line) for line in file if line.strip()]
    return events


def summary_lines(log):
    """The part of schemathesis's output after its failure details: the counts."""
    start = log.rfind("SUMMARY")
    return log[log.rfind("\n", 0, start) + 1:] if start >= 0 else log[-3000:]


def read_failures(events):
    """Every failed check as {operation, check, status, message, curl}."""
    failures = []
    for event in events:
        recorder = event.get("ScenarioFinished", {}).get("recorder", {})
        interactions = recorder.get("interactions", {})
        for case_id, checks in recorder.get("checks", {}).items():
            response = (interactions.get(case_id) or {}).get("response") or {}
            for check in checks:
                if check["status"] != "failure":
                    continue
                failure = check["failure_info"]["failure"]
                failures.append({
                    "operation": failure.get("operation") or recorder.get("label"), "check": check["name"],
                    "status": response.get("status_code"), "message": failure.get("message", ""),
                    "title": failure.get("title", ""),
                })
    return failures


def read_problems(events):
    """Errors that are not check failures: a schema that did not load, a request that failed."""
    problems = []
    for event in events:
        if "FatalError" in event or "NonFatalError" in event:
            body = event.get("FatalError") or event.get("NonFatalError")
            problems.append(json.dumps(body)[:600])
    if not any("ScenarioFinished" in event for event in events):
        problems.append("no test case ran")
    return problems


# MARK: The verdict


def allowance(failure, allowed):
    for entry in allowed:
        if entry.get("document", failure["document"]) != failure["document"]:
            continue
        if entry.get("operation", "*") not in ("*", failure["operation"]):
            continue
        if entry["check"] != failure["check"]:
            continue
        statuses = entry.get("status")
        if statuses is not None and failure["status"] not in (statuses if isinstance(statuses, list) else [statuses]):
            continue
        if entry["pattern"].search(failure["message"]):
            return entry
    return None


def report(failures, problems, allowed):
    unexpected = {}
    used = {}
    for failure in failures:
        entry = allowance(failure, allowed)
        if entry is None:
            key = (failure["document"], failure["operation"], failure["check"], failure["status"],
                   failure["message"].split("\n")[0])
            unexpected.setdefault(key, failure)
        else:
            used[id(entry)] = used.get(id(entry), 0) + 1
    print("conformance: allowed violations seen")
    for entry in allowed:
        print(f"  {used.get(id(entry), 0):5d}  {entry['check']} {entry.get('operation', '*')}: {entry['reason'][:90]}")
    for problem in problems:
        print(f"conformance: ERROR {problem}")
    for (document, operation, check, status, _), failure in sorted(unexpected.items(), key=str):
        print(f"conformance: VIOLATION {document} {operation} [{check}] status {status}: {failure['title']}")
        print("    " + failure["message"].replace("\n", "\n    ")[:1500])
    if problems or unexpected:
        print(f"conformance: FAILED, {len(unexpected)} violations not allowed, {len(problems)} errors")
        return 1
    print(f"conformance: OK, {len(failures)} failed checks, all allowed")
    return 0


if __name__ == "__main__":
    main()
