#!/usr/bin/env python3
"""Runs schemathesis against `tvsim serve` with Adobe's OpenAPI documents (REST API V2 and DCR)
and fails on any violation that Tests/Conformance/allowed-violations.json does not list.

The server runs on a free loopback port. A client is registered through DCR first, so that the
generated requests carry a real Bearer token and device headers and reach the handlers rather
than stopping at 401, and the device is then signed in to an MVPD through the mock's web login,
so that the profile, decision and logout answers are checked with a real profile too, not only
empty maps and refusals. Values that must be real for a request to go deep (the requestor, MVPD
ids, the signed-in session's code, resources, the software statement, client credentials, a
refresh token) are handed to schemathesis as dictionaries it draws from most of the time; the
rest is generated. The run fails if the signed-in device was never answered with its profile.
"""

import argparse
import base64
import glob
import html.parser
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
REQUESTOR = "ORBIT"
DEVICE_INFO = {"primaryHardwareType": "MobilePhone", "model": "iPhone", "osName": "iOS"}
# Each document with the path under which the mock serves it (its `servers` entry's path).
DOCUMENTS = [("restApiV2.json", "/api/v2"), ("dcrApi.json", "/o")]
# The device every generated request comes from, and the one logout signs out: logout deletes the
# profile it answers for, so it gets a device of its own and the first one stays signed in.
DEVICE = "conformance-device"
LOGOUT_DEVICE = "conformance-logout-device"
# The MVPD both devices sign in to, and the dashboard persona they sign in as.
SIGNED_IN_MVPD = "Cascade"
PERSONA = {"username": "demo", "password": "demo"}
# A sign-in is a handful of redirects and one form; more hops than this means it went astray.
MAX_HOPS = 10


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
            if document == "restApiV2.json":
                problems += unseen_signed_in_answers(events)
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
    """Registers a client, gets its tokens, signs its devices in and writes what schemathesis
    needs to send."""
    info = http(base, "/__tvsim/info")
    requestor = next(r for r in info["requestors"] if r["id"] == REQUESTOR)
    statement = requestor["softwareStatement"]
    device_info = base64.b64encode(json.dumps(DEVICE_INFO).encode()).decode()
    client = http(
        base, "/o/client/register", json.dumps({"software_statement": statement}).encode(),
        {"Content-Type": "application/json", "X-Device-Info": device_info})
    form = {"grant_type": "client_credentials", "client_id": client["client_id"],
            "client_secret": client["client_secret"]}
    token = http(base, "/o/client/token", urllib.parse.urlencode(form).encode(), {"X-Device-Info": device_info})
    os.environ["TVSIM_TOKEN"] = token["access_token"]
    os.environ["TVSIM_DEVICE_INFO"] = device_info
    os.environ["TVSIM_DEVICE_ID"] = fingerprint(DEVICE)
    os.environ["TVSIM_LOGOUT_DEVICE_ID"] = fingerprint(LOGOUT_DEVICE)
    domain = requestor["domains"][0]
    code = sign_in(base, device_headers(token, DEVICE, device_info), domain)
    sign_in(base, device_headers(token, LOGOUT_DEVICE, device_info), domain)
    write_dictionary(work, "mvpds", mvpd_kinds(info["mvpds"]))
    # The signed-in session's code: profiles/code answers it with the device's profile.
    write_dictionary(work, "codes", [code])
    write_dictionary(work, "domains", requestor["domains"])
    write_dictionary(work, "resources", [resource["id"] for resource in requestor["resources"]])
    write_dictionary(work, "statements", [statement])
    write_dictionary(work, "client-ids", [client["client_id"]])
    write_dictionary(work, "client-secrets", [client["client_secret"]])
    write_dictionary(work, "refresh-tokens", [token["refresh_token"]])


def device_headers(token, device, device_info):
    """What the app on `device` sends with every V2 call."""
    return {"Authorization": "Bearer " + token["access_token"], "AP-Device-Identifier": fingerprint(device),
            "X-Device-Info": device_info}


def fingerprint(device):
    """An AP-Device-Identifier value, as documented: `fingerprint` and the Base64 of the id."""
    return "fingerprint " + base64.b64encode(device.encode()).decode()


def mvpd_kinds(mvpds):
    """One MVPD for each distinct set of dashboard settings, the signed-in one first: MVPDs set up
    alike answer alike, and with fewer to draw from the signed-in one is drawn more often."""
    kinds = {}
    for mvpd in sorted(mvpds, key=lambda mvpd: mvpd["id"] != SIGNED_IN_MVPD):
        settings = {key: value for key, value in mvpd.items() if key not in ("id", "displayName", "platformMappingId")}
        kinds.setdefault(json.dumps(settings, sort_keys=True), mvpd["id"])
    return list(kinds.values())


# MARK: Signing in


def sign_in(base, headers, domain):
    """Signs the device of `headers` in to SIGNED_IN_MVPD as the persona, the way the app and a
    browser would, and returns the authentication session's code."""
    redirect_url = f"https://{domain}/done"
    form = {"mvpd": SIGNED_IN_MVPD, "domainName": domain, "redirectUrl": redirect_url}
    session = http(
        base, f"/api/v2/{REQUESTOR}/sessions", urllib.parse.urlencode(form).encode(),
        dict(headers, **{"Content-Type": "application/x-www-form-urlencoded"}))
    if session.get("actionName") != "authenticate":
        sys.exit(f"conformance: the new session does not ask to authenticate: {session}")
    browse(urllib.parse.urljoin(base, session["url"]), redirect_url)
    return session["code"]


def browse(url, redirect_url):
    """Follows redirects from `url` and fills in the login form on the way, until the mock sends
    the browser to `redirect_url`. That page is the app's, so it is not fetched."""
    data = None
    for _ in range(MAX_HOPS):
        status, location, page = fetch(url, data)
        if status in (301, 302, 303) and location:
            url, data = urllib.parse.urljoin(url, location), None
            if url.startswith(redirect_url):
                return
        elif status == 200:
            url, data = fill_login_form(url, page)
        else:
            sys.exit(f"conformance: signing in stopped at {url}: HTTP {status}")
    sys.exit(f"conformance: signing in did not reach {redirect_url} in {MAX_HOPS} steps")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Hands every redirect back, so that `browse` sees each hop and stops before the app's page."""

    def redirect_request(self, *arguments, **keywords):
        return None


def fetch(url, data=None):
    """(status, Location, page text) of a GET, or of a form POST when `data` is given."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if data else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        response = urllib.request.build_opener(_NoRedirects).open(request, timeout=10)
    except urllib.error.HTTPError as error:
        response = error  # A 3xx (redirects are not followed) or a refusal, with its page.
    with response:
        charset = response.headers.get_content_charset() or "utf-8"
        return response.status, response.headers.get("Location"), response.read().decode(charset, "replace")


def fill_login_form(url, page):
    """The URL and body that submitting the page's login form sends: its fields as the page
    has them (the RelayState among them), with the persona's username and password."""
    parser = _FormParser()
    parser.feed(page)
    form = next((form for form in parser.forms if "password" in form["fields"]), None)
    if form is None or form["method"] != "post":
        sys.exit(f"conformance: signing in found no login form at {url}")
    fields = dict(form["fields"], **PERSONA)
    return urllib.parse.urljoin(url, form["action"]), urllib.parse.urlencode(fields).encode()


class _FormParser(html.parser.HTMLParser):
    """The forms of a page: each one's method, action and the names and values of its inputs."""

    def __init__(self):
        super().__init__()
        self.forms = []
        self._open = False

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._open = True
            self.forms.append({"method": attributes.get("method", "get").lower(),
                               "action": attributes.get("action", ""), "fields": {}})
        elif tag == "input" and self._open and attributes.get("name"):
            self.forms[-1]["fields"][attributes["name"]] = attributes.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = False


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


# MARK: The signed-in device


def has_profile(body):
    return (body.get("profiles") or {}).get(SIGNED_IN_MVPD, {}).get("type") == "regular"


def permits(body):
    return any(decision.get("mvpd") == SIGNED_IN_MVPD and decision.get("authorized")
               for decision in body.get("decisions") or [])


def logs_out(body):
    return (body.get("logouts") or {}).get(SIGNED_IN_MVPD, {}).get("actionName", "invalid") != "invalid"


# What an answer to a signed-in device looks like, by operation. Each must come at least once:
# otherwise the schema was only ever checked against empty profile maps and refusals there.
SIGNED_IN_ANSWERS = {
    "GET /{serviceProvider}/profiles": has_profile,
    "GET /{serviceProvider}/profiles/{mvpd}": has_profile,
    "GET /{serviceProvider}/profiles/code/{code}": has_profile,
    "POST /{serviceProvider}/decisions/preauthorize/{mvpd}": permits,
    "POST /{serviceProvider}/decisions/authorize/{mvpd}": permits,
    "GET /{serviceProvider}/logout/{mvpd}": logs_out,
}


def unseen_signed_in_answers(events):
    """Prints how often each operation answered the signed-in device; a problem for each never."""
    counts = dict.fromkeys(SIGNED_IN_ANSWERS, 0)
    for case, response in read_exchanges(events):
        operation = f"{case['method']} {case['path']}"
        recognizes = SIGNED_IN_ANSWERS.get(operation)
        if recognizes and response["status_code"] == 200 and recognizes(response_json(response)):
            counts[operation] += 1
    print("conformance: answers to the signed-in device")
    for operation, count in counts.items():
        print(f"  {count:5d}  {operation}")
    return [f"restApiV2.json: {operation} never answered the signed-in device"
            for operation, count in counts.items() if count == 0]


def read_exchanges(events):
    """Every (case, response) schemathesis recorded, responses only where one came."""
    for event in events:
        recorder = event.get("ScenarioFinished", {}).get("recorder", {})
        cases = recorder.get("cases", {})
        for case_id, interaction in (recorder.get("interactions") or {}).items():
            if interaction.get("response") and case_id in cases:
                yield cases[case_id]["value"], interaction["response"]


def response_json(response):
    """The body as a JSON object, or an empty one when it is not one."""
    try:
        body = json.loads(base64.b64decode((response.get("content") or {}).get("$base64", "")))
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


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
