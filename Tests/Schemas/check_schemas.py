"""Checks tvsim's data files against the JSON Schemas `tvsim schema` prints.

Every built-in scenario, the built-in dashboard (`tvsim serve --print-config`), every theme and lab
must validate; documents with known mistakes must not (so the check can fail); and a file with
a `$schema` member must still be read by tvsim itself.
"""

import argparse
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema


def schema(tvsim, kind):
    text = subprocess.run([tvsim, "schema", kind], check=True, capture_output=True, text=True).stdout
    document = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


def errors(validator, document):
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:160]}" for e in validator.iter_errors(document)]


def broken(document, change):
    copied = copy.deepcopy(document)
    change(copied)
    return copied


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tvsim", required=True)
    arguments = parser.parse_args()
    tvsim = arguments.tvsim
    failures = []

    validators = {kind: schema(tvsim, kind) for kind in ("scenario", "dashboard", "theme", "lab")}
    dashboard = json.loads(
        subprocess.run([tvsim, "serve", "--print-config"], check=True, capture_output=True, text=True).stdout)
    documents = {
        "scenario": {path: json.load(open(path)) for path in sorted(
            glob.glob("Sources/FlowRuntime/Scenarios/Catalog/**/*.json", recursive=True))},
        "dashboard": {"tvsim serve --print-config": dashboard},
        "theme": {path: json.load(open(path)) for path in sorted(glob.glob("Themes/*.json"))},
        "lab": {path: json.load(open(path)) for path in sorted(glob.glob("Sources/Labs/Catalog/*.json"))},
    }
    for kind, files in documents.items():
        if not files:
            failures.append(f"no {kind} files found")
        for name, document in files.items():
            failures += [f"{name}: {error}" for error in errors(validators[kind], document)]
        print(f"schemas: {len(files)} {kind} file(s) checked")

    scenario = next(iter(documents["scenario"].values()))
    theme = next(iter(documents["theme"].values()))
    mistakes = {
        "scenario": [
            ("an unknown member", lambda d: d.update(platfrom="ios")),
            ("an unknown platform", lambda d: d.update(platform="android")),
            ("a step that is not one", lambda d: d["steps"].append("jump")),
            ("a dribble without its pieces", lambda d: d.update(
                faults=[{"route": "configuration", "kind": "dribble", "durationMilliseconds": 10}])),
            ("a fault on an unknown operation", lambda d: d.update(faults=[{"route": "nope", "kind": "reset"}])),
        ],
        "dashboard": [
            ("a requestor without its statement", lambda d: d["requestors"][0].pop("softwareStatement")),
            ("an MVPD in Apple's picker without its id there", lambda d: d["mvpds"][0].update(
                displayInPlatformPicker=True, platformMappingId=None) or d["mvpds"][0].pop("platformMappingId")),
            ("an unknown rating", lambda d: d["requestors"][0]["resources"][0].update(rating="X-99")),
        ],
        "theme": [
            ("a missing role", lambda d: d["roles"].pop("focus")),
            ("a colour past 255", lambda d: d["roles"]["text"].update(c256=300)),
            ("an unknown attribute", lambda d: d["roles"]["text"].update(mono=["blink"])),
        ],
    }
    lab = next(iter(documents["lab"].values()))
    mistakes["lab"] = [
        ("an unknown member", lambda d: d.update(titel="x")),
        ("a goal without its calls", lambda d: d["goals"][0].pop("calls")),
        ("a status that is not one", lambda d: d["goals"][0].update(statuses=[700])),
        ("a fault on an unknown operation", lambda d: d.update(faults=[{"route": "nope", "kind": "reset"}])),
    ]
    originals = {"scenario": scenario, "dashboard": dashboard, "theme": theme, "lab": lab}
    for kind, cases in mistakes.items():
        for what, change in cases:
            if not errors(validators[kind], broken(originals[kind], change)):
                failures.append(f"the {kind} schema accepts {what}")

    failures += files_with_a_schema_member_are_read(tvsim, scenario, dashboard, theme)
    for failure in failures:
        print(f"schemas: {failure}", file=sys.stderr)
    print(f"schemas: {'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


def files_with_a_schema_member_are_read(tvsim, scenario, dashboard, theme):
    """tvsim reads each kind of file with a `$schema` first member, as an editor would leave it."""
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        def write(name, kind, document):
            path = os.path.join(folder, name)
            with open(path, "w") as file:
                json.dump({"$schema": f"./{kind}.schema.json", **document}, file, indent=2)
            return path

        commands = [
            [tvsim, "run", "--quiet", write("schema-line.json", "scenario", {k: v for k, v in scenario.items() if k != "name"})],
            [tvsim, "serve", "--print-config", "--config", write("dashboard.json", "dashboard", dashboard)],
            [tvsim, "themes", "preview", write("theme.json", "theme", theme)],
        ]
        for command in commands:
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                failures.append(f"{' '.join(command[1:3])} refuses a $schema member: {result.stdout[-300:]}{result.stderr[-300:]}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
