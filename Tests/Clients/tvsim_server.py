"""Starts and stops `tvsim serve` for the client interop tests, and answers questions about the
dashboard it serves from its admin API (GET /__tvsim/info).

The binary defaults to the debug build; TVSIM_BINARY points elsewhere.
"""

import dataclasses
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import requests

REPOSITORY = Path(__file__).resolve().parents[2]
TVSIM = Path(os.environ.get("TVSIM_BINARY", REPOSITORY / ".build/debug/tvsim"))

# The demo app of the built-in dashboard, and its persona with every entitlement.
REQUESTOR = "ORBIT"
PERSONA = "demo"

STARTUP_SECONDS = 60
STOP_SECONDS = 15


class ServerError(RuntimeError):
    pass


@dataclasses.dataclass(frozen=True)
class Server:
    """A running `tvsim serve` and what it serves."""

    base_url: str
    info: dict

    def url(self, path):
        return self.base_url + path

    def requestor(self, requestor_id=REQUESTOR):
        return next(r for r in self.info["requestors"] if r["id"] == requestor_id)

    def persona(self, username=PERSONA):
        return next(p for p in self.info["personas"] if p["username"] == username)

    def mvpd(self, mvpd_id):
        return next(m for m in self.info["mvpds"] if m["id"] == mvpd_id)

    def sign_in_mvpds(self, username=PERSONA):
        """The MVPDs with a sign-in page that knows the persona (TempPass ones have none)."""
        return [m["id"] for m in self.info["mvpds"]
                if username in m.get("personas", []) and not m.get("isTempPass")
                and m.get("integrationEnabled") and m.get("identityProviderAvailable")]


class RunningServer:
    """`tvsim serve --port 0` as a context manager: the server while inside, SIGTERM on the way out.
    `options` go on its command line (`--accept-signed-v1`, say)."""

    def __init__(self, *options):
        self.options = list(options)

    def __enter__(self):
        self.process = subprocess.Popen(
            [str(wait_for_binary()), "serve", "--port", "0", "--quiet", *self.options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            base_url = self.wait_until_ready()
            info = requests.get(base_url + "/__tvsim/info", timeout=10).json()
        except BaseException:
            self.stop()
            raise
        return Server(base_url, info)

    def __exit__(self, *exception):
        self.stop()

    def wait_until_ready(self):
        banner = Banner()
        threading.Thread(target=banner.read, args=(self.process.stdout,), daemon=True).start()
        deadline = time.monotonic() + STARTUP_SECONDS
        while not banner.ready.wait(0.05):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise ServerError("tvsim serve did not start; it printed:\n" + "".join(banner.lines))
        return banner.base_url

    def stop(self):
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Banner:
    """Reads the server's output: the base URL from `listening on http://…`, readiness from
    `Press Ctrl-C to stop.`. It keeps reading afterwards so the server never blocks on a full pipe."""

    KEPT_LINES = 50

    def __init__(self):
        self.lines = []
        self.base_url = None
        self.ready = threading.Event()

    def read(self, stream):
        for line in stream:
            if len(self.lines) < self.KEPT_LINES:
                self.lines.append(line)
            match = re.search(r"listening on (http://\S+)", line)
            if match and self.base_url is None:
                self.base_url = match.group(1)
            if "Press Ctrl-C to stop." in line and self.base_url:
                self.ready.set()


def wait_for_binary():
    """The debug build may be relinked while the tests start: give it a moment to come back."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while not os.access(TVSIM, os.X_OK):
        if time.monotonic() > deadline:
            raise ServerError(f"{TVSIM} is missing: build first (swift build)")
        time.sleep(0.5)
    return TVSIM
