"""The reference clients of the built-in labs, written from seed 002 and the REST API V2 FAQ, one
class per lab (LABS). `rest-v2-second-screen`: an Apple TV app that registers, checks for a
profile, reads the configuration, shows a code, polls while the user signs in on a phone (waiting
out the lab's 429, replacing the code the lab expires), then preauthorizes, authorizes and logs
out. `rest-v2-web-login`: an iPhone app that does the same with the MVPD's sign-in page in its
own web view, then reads the profile once.

    python lab_clients.py LAB BASE_URL [--break GOAL]

`--break GOAL` makes the client get one goal wrong, as a trainee might (each lab's BREAKS), so
that CI proves `tvsim lab check` names that goal.
"""

import argparse
import base64
import json
import time
import uuid
from urllib.parse import urlencode

import requests

# The user's phone: the MVPD's sign-in page, as a browser without JavaScript.
import mvpd_browser

REQUESTOR = "ORBIT"
MVPD = "Cascade"
DOMAIN = "orbit.tvsim.example"
REDIRECT_URL = f"https://{DOMAIN}/signed-in"
TIMEOUT = 10

# Each way of getting one goal wrong, by the goal it breaks: the start every REST API V2 lab shares,
# then each lab's own.
V2_START_BREAKS = {
    "register": "registers again at every launch",
    "token": "never buys an access token",
    "profiles": "creates a session without checking for a profile first",
    "configuration": "skips the configuration",
    "code": "never creates a session",
}
SECOND_SCREEN_BREAKS = {
    **V2_START_BREAKS,
    "poll-429": "ignores the 429's Retry-After",
    "new-code": "keeps polling the expired code",
    "profile": "gives up before the user signs in",
    "preauthorize": "skips preauthorization",
    "authorize": "plays without authorizing",
    "logout": "never logs out",
}


class SecondScreenApp:
    BREAKS = SECOND_SCREEN_BREAKS
    PLATFORM = {"primaryHardwareType": "SetTopBox", "model": "AppleTV", "osName": "tvOS", "osVersion": "18.0"}

    def __init__(self, base, broken=None):
        self.base = base.rstrip("/")
        self.broken = broken
        self.http = requests.Session()
        self.device = base64.b64encode(f"lab-{uuid.uuid4()}".encode()).decode()
        self.device_info = base64.b64encode(json.dumps(self.PLATFORM).encode()).decode()
        self.token = None
        self.server = self.http.get(self.base + "/__tvsim/info", timeout=TIMEOUT).json()

    def headers(self, **extra):
        headers = {"AP-Device-Identifier": f"fingerprint {self.device}", "X-Device-Info": self.device_info}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        headers.update(extra)
        return headers

    def v2(self, method, path, **options):
        return self.http.request(method, f"{self.base}/api/v2/{REQUESTOR}{path}", headers=self.headers(),
                                 timeout=TIMEOUT, **options)

    # A: registration, once; the token, reused.
    def register(self):
        statement = next(r for r in self.server["requestors"] if r["id"] == REQUESTOR)["softwareStatement"]
        times = 2 if self.broken == "register" else 1
        for _ in range(times):
            answer = self.http.post(self.base + "/o/client/register", json={"software_statement": statement},
                                    headers={"X-Device-Info": self.device_info}, timeout=TIMEOUT)
            answer.raise_for_status()
        self.client = answer.json()

    def fetch_token(self):
        if self.broken == "token":
            return
        answer = self.http.post(self.base + "/o/client/token", headers={"X-Device-Info": self.device_info},
                                timeout=TIMEOUT, data={
            "grant_type": "client_credentials", "client_id": self.client["client_id"],
            "client_secret": self.client["client_secret"]})
        answer.raise_for_status()
        self.token = answer.json()["access_token"]

    # B.3, C.1, BA.1
    def check_profiles(self):
        if self.broken != "profiles":
            return self.v2("GET", "/profiles").json() if self.token else {}

    def read_configuration(self):
        if self.broken != "configuration":
            self.v2("GET", "/configuration")

    def create_session(self):
        if self.broken == "code":
            return None
        answer = self.v2("POST", "/sessions", data={"mvpd": MVPD, "domainName": DOMAIN, "redirectUrl": REDIRECT_URL})
        return answer.json().get("code") if answer.status_code == 200 else None

    # BA.3: every 3 s, Retry-After after a 429, a new code when the old one expired.
    def poll_until_signed_in(self, code):
        signed_in_on_phone = False
        polls = 0
        while code and polls < 12:
            answer = self.v2("GET", f"/profiles/code/{code}")
            polls += 1
            if answer.status_code == 429:
                wait = 0 if self.broken == "poll-429" else int(answer.headers.get("Retry-After", "3"))
                time.sleep(max(wait, 3 if self.broken != "poll-429" else 0.2))
                continue
            if answer.status_code == 400 and "invalid_authentication_session" in answer.text:
                if self.broken == "new-code":
                    time.sleep(3)
                    continue
                code = self.create_session()
                continue
            profiles = answer.json().get("profiles", {}) if answer.status_code == 200 else {}
            if profiles:
                return next(iter(profiles))
            if polls >= 3 and not signed_in_on_phone and self.broken != "profile":
                self.sign_in_on_phone(code)
                signed_in_on_phone = True
            if self.broken == "profile" and polls >= 4:
                return None
            time.sleep(3)
        return None

    def sign_in_on_phone(self, code):
        persona = next(p for p in self.server["personas"] if p["username"] == "demo")
        start = f"{self.base}/api/v2/authenticate/{REQUESTOR}/{code}"
        assert mvpd_browser.sign_in(start, persona["username"], persona["password"]) == REDIRECT_URL

    # D.3, D.7, E.1
    def decisions(self, mvpd):
        if self.broken != "preauthorize":
            self.v2("POST", f"/decisions/preauthorize/{mvpd}", json={"resources": ["deep-space", "orbit-live"]})
        if self.broken != "authorize":
            self.v2("POST", f"/decisions/authorize/{mvpd}", json={"resources": ["deep-space"]})

    def logout(self, mvpd):
        if self.broken != "logout":
            self.v2("GET", f"/logout/{mvpd}", params={"redirectUrl": REDIRECT_URL})

    def run(self):
        self.register()
        self.fetch_token()
        self.check_profiles()
        self.read_configuration()
        mvpd = self.authenticate()
        if mvpd:
            self.decisions(mvpd)
            self.logout(mvpd)

    def authenticate(self):
        """The user signs in; the MVPD of the profile that comes back, or None."""
        return self.poll_until_signed_in(self.create_session())


class WebLoginApp(SecondScreenApp):
    """The same app on an iPhone: the MVPD's sign-in page opens in its own web view, and the
    profile is read once the web view comes back to the redirect URL (seed 002, BA.2–BA.3)."""

    BREAKS = {
        **V2_START_BREAKS,
        "profile": "never reads the profile after the web view",
        "preauthorize": "skips preauthorization",
        "authorize": "plays without authorizing",
        "logout": "never logs out",
    }
    PLATFORM = {"primaryHardwareType": "MobilePhone", "model": "iPhone", "osName": "iOS", "osVersion": "18.0"}
    PERSONA = "demo"

    def sign_in_in_web_view(self):
        if self.broken == "code":
            return None
        answer = self.v2("POST", "/sessions", data={"mvpd": MVPD, "domainName": DOMAIN, "redirectUrl": REDIRECT_URL})
        if answer.status_code != 200:
            return None
        session = answer.json()
        persona = next(p for p in self.server["personas"] if p["username"] == self.PERSONA)
        assert mvpd_browser.sign_in(self.base + session["url"], persona["username"], persona["password"]) == REDIRECT_URL
        return session["code"]

    def read_profile(self, code):
        if not code or self.broken == "profile":
            return None
        profiles = self.v2("GET", f"/profiles/code/{code}").json().get("profiles", {})
        return next(iter(profiles), None)

    def authenticate(self):
        return self.read_profile(self.sign_in_in_web_view())


class ErrorsApp(WebLoginApp):
    """The web-login app as the family persona (parental controls up to TV-PG), meeting what goes
    wrong: a 401 on its token (renew, then call again) and denied decisions (shown, never played)."""

    PERSONA = "family"
    BREAKS = {
        **V2_START_BREAKS,
        "profile": "never reads the profile after the web view",
        "renew-token": "calls again with the refused token",
        "preauthorize": "gives up after the 401",
        "parental": "never asks for the title parental controls deny",
        "play": "never authorizes the permitted title",
    }

    def decisions(self, mvpd):
        titles = {"resources": ["orbit-live", "midnight-run"]}
        answer = self.v2("POST", f"/decisions/preauthorize/{mvpd}", json=titles)
        if answer.status_code == 401:
            if self.broken == "preauthorize":
                return
            if self.broken != "renew-token":
                self.fetch_token()
            answer = self.v2("POST", f"/decisions/preauthorize/{mvpd}", json=titles)
        locked = [d["resource"] for d in answer.json().get("decisions", []) if not d.get("authorized")]
        assert self.broken or locked == ["midnight-run"], answer.text
        if self.broken != "parental":
            denied = self.v2("POST", f"/decisions/authorize/{mvpd}", json={"resources": ["midnight-run"]}).json()
            assert self.broken or denied["decisions"][0]["error"]["code"] == "authorization_denied_by_parental_controls"
        if self.broken != "play":
            self.v2("POST", f"/decisions/authorize/{mvpd}", json={"resources": ["orbit-live"]})

    def logout(self, mvpd):
        pass


class RestV1App(SecondScreenApp):
    """An Apple TV app on REST API V1 with a DCR token (seed 000): the token check, the configuration,
    a registration code, polling for the authentication token while the user signs in elsewhere,
    then the authorization, the media token, the user metadata and the logout."""

    BREAKS = {
        "register": "registers again at every launch",
        "token": "never buys an access token",
        "check": "creates a registration code without checking for a token first",
        "configuration": "skips the configuration",
        "regcode": "never creates a registration code",
        "poll": "ignores the 429's Retry-After",
        "authorize": "asks the media token without authorizing first",
        "media-token": "never asks the media token",
        "user-metadata": "logs out without reading the user metadata",
        "logout": "never logs out",
    }

    def v1(self, method, path, **params):
        return self.http.request(method, self.base + path, headers=self.headers(), timeout=TIMEOUT,
                                 params={"requestor": REQUESTOR, "deviceId": self.device, **params})

    def run(self):
        self.register()
        self.fetch_token()
        if self.broken != "check":
            self.v1("GET", "/api/v1/checkauthn")
        if self.broken != "configuration":
            self.v1("GET", f"/api/v1/config/{REQUESTOR}")
        if self.broken == "regcode":
            return
        answer = self.http.post(f"{self.base}/reggie/v1/{REQUESTOR}/regcode", headers=self.headers(), timeout=TIMEOUT,
                                data={"deviceId": self.device, "deviceType": "appletv", "ttl": "1800"})
        if answer.status_code != 200:
            return
        code = answer.json()["code"]
        signed_in = False
        for poll in range(10):
            token = self.v1("GET", "/api/v1/tokens/authn")
            if token.status_code == 200:
                break
            if token.status_code == 429 and self.broken != "poll":
                time.sleep(int(token.headers.get("Retry-After", "3")))
                continue
            if not signed_in:
                self.sign_in_on_phone_v1(code)
                signed_in = True
            time.sleep(0.2 if self.broken == "poll" else 3)
        else:
            return
        if self.broken != "authorize":
            self.v1("GET", "/api/v1/authorize", resource="orbit-live")
        if self.broken != "media-token":
            self.v1("GET", "/api/v1/tokens/media", resource="orbit-live")
        if self.broken != "user-metadata":
            self.v1("GET", "/api/v1/tokens/usermetadata")
        if self.broken != "logout":
            self.v1("DELETE", "/api/v1/logout")

    def sign_in_on_phone_v1(self, code):
        persona = next(p for p in self.server["personas"] if p["username"] == "demo")
        start = self.base + "/api/v1/authenticate?" + urlencode({
            "requestor_id": REQUESTOR, "mso_id": MVPD, "reg_code": code, "domain_name": DOMAIN,
            "redirect_url": REDIRECT_URL, "noflash": "true", "no_iframe": "true"})
        assert mvpd_browser.sign_in(start, persona["username"], persona["password"]) == REDIRECT_URL


class AppleSSOApp(SecondScreenApp):
    """An app signed in through Apple's framework (seed 002, B.1–C.12), the framework played by the
    lab's stand-in: the partner status with the profile check and every decision, the partner
    authentication request, the provider's SAML response for it, the Apple SSO profile."""

    BREAKS = {
        "register": "registers again at every launch",
        "token": "never buys an access token",
        "profiles": "sends a partner status that is not Base64 JSON with the profile check",
        "configuration": "skips the configuration",
        "sso-request": "never asks for the partner authentication request",
        "sso-profile": "encodes the SAML response twice",
        "preauthorize": "preauthorizes without the partner status",
        "authorize": "plays without authorizing",
    }

    def framework(self, verification_token=None):
        body = {"verificationToken": verification_token} if verification_token else {}
        answer = self.http.post(self.base + "/__tvsim/lab/framework", json=body, timeout=TIMEOUT)
        answer.raise_for_status()
        return answer.json()

    def partner(self, **extra):
        return self.headers(**{"AP-Partner-Framework-Status": self.framework()["partnerFrameworkStatus"], **extra})

    def run(self):
        self.register()
        self.fetch_token()
        headers = self.partner()
        if self.broken == "profiles":
            headers["AP-Partner-Framework-Status"] = "granted; tvsim.aurora"
        self.http.get(f"{self.base}/api/v2/{REQUESTOR}/profiles", headers=headers, timeout=TIMEOUT)
        self.read_configuration()
        if self.broken == "sso-request":
            return
        answer = self.http.post(f"{self.base}/api/v2/{REQUESTOR}/sessions/sso/Apple", headers=self.partner(),
                                timeout=TIMEOUT, data={"domainName": DOMAIN, "redirectUrl": REDIRECT_URL})
        if answer.status_code != 200:
            return
        request = answer.json()["authenticationRequest"]["request"]
        saml = self.framework(request)["samlResponse"]
        if self.broken == "sso-profile":
            saml = base64.b64encode(saml.encode()).decode()
        profile = self.http.post(f"{self.base}/api/v2/{REQUESTOR}/profiles/sso/Apple", headers=self.partner(),
                                 timeout=TIMEOUT, data={"SAMLResponse": saml})
        mvpd = next(iter(profile.json().get("profiles", {})), None) if profile.status_code == 200 else None
        if not mvpd:
            return
        titles = {"resources": ["orbit-live"]}
        headers = self.headers() if self.broken == "preauthorize" else self.partner()
        self.http.post(f"{self.base}/api/v2/{REQUESTOR}/decisions/preauthorize/{mvpd}", headers=headers,
                       json=titles, timeout=TIMEOUT)
        if self.broken != "authorize":
            self.http.post(f"{self.base}/api/v2/{REQUESTOR}/decisions/authorize/{mvpd}", headers=self.partner(),
                           json=titles, timeout=TIMEOUT)


LABS = {
    "rest-v2-second-screen": SecondScreenApp, "rest-v2-web-login": WebLoginApp, "rest-v1": RestV1App,
    "errors": ErrorsApp, "apple-sso-partner": AppleSSOApp,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lab", choices=sorted(LABS))
    parser.add_argument("base")
    parser.add_argument("--break", dest="broken")
    arguments = parser.parse_args()
    app = LABS[arguments.lab]
    if arguments.broken and arguments.broken not in app.BREAKS:
        parser.error(f"--break takes one of {', '.join(sorted(app.BREAKS))}")
    app(arguments.base, arguments.broken).run()


if __name__ == "__main__":
    main()
