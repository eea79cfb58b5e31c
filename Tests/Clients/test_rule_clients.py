"""For every rule of the audit, a client over real HTTP that breaks exactly that rule, and the two
clients that follow the cookbooks (tvsim's own apps, `cookbook_apps`), against `tvsim serve`.

Each client runs alone (the server reset before it). Then its session is judged six ways: live,
by the server (`GET /__tvsim/audit`) and by `tvsim audit URL`; from the journal's HAR with
`tvsim audit FILE`; and from that HAR as Chrome saves it whole, without answer bodies, and
sanitized. The live audits and the two whole files find the same; the bodiless and sanitized
files find nothing the calls do not have, and each finding they lose is a rule they say they
could not judge. A good client has no finding.
"""

import base64
import json
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from cookbook_apps import (APPLE_SSO_MVPD, PICKER_ONLY_MVPD, TIMEOUT_SECONDS, Framework, OwnIdentityProviderApp,
                           RestV1App, RestV2App, Server)
from tvsim_server import REPOSITORY, TVSIM

RULES = REPOSITORY / "Sources/Conformance/Rules"
PAID = ["orbit-live", "deep-space", "midnight-run", "orbit-sports"]
# A SAML response the app kept from an earlier launch: well formed, answering no request this
# server knows.
KEPT_SAML = base64.b64encode(
    b'<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="kept" InResponseTo="old">'
    b'<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>'
    b'</samlp:Response>').decode()


def catalog_rules():
    return sorted(rule["id"] for path in RULES.glob("*.json")
                  for rule in json.loads(path.read_text()).get("rules", []))


# MARK: The journeys, as named steps


def step(name, action):
    return (name, action)


def wait(seconds):
    return step(f"wait {seconds} s", lambda app: app.server.wait(seconds))


def wait_retry_after():
    return step("wait Retry-After", lambda app: app.server.wait(int(app.last.headers["Retry-After"])))


def throttle_next_poll():
    return step("throttle", lambda app: app.server.fault(route="profiles.code", kind="throttle",
                                                         retryAfterSeconds=5, times=1))


V2_LAUNCH = [
    step("register", lambda app: app.register()),
    step("token", lambda app: app.fetch_token()),
    step("profiles", lambda app: app.profiles()),
    step("configuration", lambda app: app.configuration()),
]
V2_APPLE_SSO = [
    step("sso session", lambda app: app.sso_session()),
    step("sso profile", lambda app: app.sso_profile()),
    step("preauthorize", lambda app: app.preauthorize(PAID[:3])),
    step("authorize", lambda app: app.authorize(PAID[:1])),
    step("logout", lambda app: app.logout()),
]
V2_SECOND_SCREEN = [
    step("session", lambda app: app.create_session()),
    wait(4),
    step("poll", lambda app: app.poll()),
    throttle_next_poll(),
    step("interval", lambda app: app.server.wait(4)),
    step("poll throttled", lambda app: app.poll()),
    wait_retry_after(),
    step("second screen", lambda app: app.second_screen_sign_in()),
    step("poll done", lambda app: app.poll()),
    step("authorize again", lambda app: app.authorize(PAID[:1], mvpd="Cascade", partner=False)),
]
GOOD_V2 = V2_LAUNCH + V2_APPLE_SSO + V2_SECOND_SCREEN

GOOD_V1 = [
    step("register", lambda app: app.register()),
    step("token", lambda app: app.fetch_token()),
    step("check", lambda app: app.check_authentication()),
    step("configuration", lambda app: app.configuration()),
    step("profile request", lambda app: app.profile_request()),
    step("token exchange", lambda app: app.token_exchange()),
    step("token", lambda app: app.authentication_token()),
    step("authorize", lambda app: app.authorize()),
    step("user metadata", lambda app: app.user_metadata()),
    step("logout", lambda app: app.web_logout()),
]

GOOD_OWN_IDP = [
    step("info", lambda app: app.info()),
    step("translate", lambda app: app.translate()),
]


def replaced(journey, name, *steps):
    """The journey with the first step called `name` replaced by `steps` (none: left out)."""
    index = next(i for i, (step_name, _) in enumerate(journey) if step_name == name)
    return journey[:index] + list(steps) + journey[index + 1:]


def before(journey, name, *steps):
    index = next(i for i, (step_name, _) in enumerate(journey) if step_name == name)
    return journey[:index] + list(steps) + journey[index:]


def after(journey, name, *steps):
    index = next(i for i, (step_name, _) in enumerate(journey) if step_name == name)
    return journey[:index + 1] + list(steps) + journey[index + 1:]


def replacing_partner_status(value):
    return lambda app: app.preauthorize(PAID[:3], replace={"AP-Partner-Framework-Status": value})


def refresh_twice(app):
    refresh_token = app.token["refresh_token"]
    app.server.wait(app.token["expires_in"] + 1)
    assert app.fetch_token("refresh_token", refresh_token=refresh_token).status_code in (200, 201), app.last.text
    assert app.fetch_token("refresh_token", refresh_token=refresh_token).status_code == 400, app.last.text


def retry_with_the_same_token(app):
    app.server.wait(app.token["expires_in"] + 1)
    assert app.authorize(PAID[:1], mvpd="Cascade", partner=False).status_code == 401, app.last.text
    app.authorize(PAID[:1], mvpd="Cascade", partner=False)


def v1_authorize_with_the_v2_token(app):
    """REST API V1's authorize for the same device, with REST API V2's token."""
    device_id = base64.b64decode(app.device.removeprefix("fingerprint ")).decode()
    app.call("GET", "/api/v1/authorize", {"Authorization": app.bearer()},
             params={"requestor": "ORBIT", "deviceId": device_id, "resource": PAID[0]})


def sso_session_for(mvpd):
    def action(app):
        app.framework = Framework(app.server, mvpd)
        app.sso_session()
    return action


def fallback_completed(app):
    """The fallback session the partner request answered, finished on a second screen."""
    app.code = app.sso_answer["code"]
    app.server.wait(4)
    app.second_screen_sign_in()
    app.poll()


# For every rule, the good journey changed so that it breaks that rule alone.
BREAKING = {
    "V2-HEADER-AUTHORIZATION": (RestV2App, replaced(
        GOOD_V2, "configuration", step("configuration", lambda app: app.configuration(drop=["Authorization"])))),
    "V2-HEADER-DEVICE-IDENTIFIER": (RestV2App, replaced(
        GOOD_V2, "configuration",
        step("configuration", lambda app: app.configuration(drop=["AP-Device-Identifier"])))),
    # Not on the configuration, whose answer depends on the device it describes.
    "HEADER-DEVICE-INFO": (RestV2App, replaced(
        GOOD_V2, "profiles", step("profiles", lambda app: app.profiles(drop=["X-Device-Info"])))),
    # Refused for the missing header, then sent again with it.
    "V2-HEADER-PARTNER-STATUS-SSO": (RestV2App, before(
        GOOD_V2, "sso profile",
        step("sso profile", lambda app: app.sso_profile(drop=["AP-Partner-Framework-Status"])))),
    "V2-HEADER-PARTNER-STATUS-DECISIONS": (RestV2App, replaced(
        GOOD_V2, "preauthorize",
        step("preauthorize", lambda app: app.preauthorize(PAID[:3], drop=["AP-Partner-Framework-Status"])))),
    "V2-HEADER-PARTNER-STATUS-VALID": (RestV2App, replaced(
        GOOD_V2, "preauthorize",
        step("preauthorize", lambda app: replacing_partner_status(app.framework.status(
            app.server.now_milliseconds(), access="denied"))(app)))),
    "V2-HEADER-PARTNER-STATUS-READABLE": (RestV2App, replaced(
        GOOD_V2, "preauthorize", step("preauthorize", replacing_partner_status("not Base64 at all")))),
    "DCR-REGISTER-ONCE": (RestV2App, GOOD_V2 + [step("register", lambda app: app.register())]),
    "DCR-REFRESH-ONCE": (RestV2App, GOOD_V2 + [step("refresh twice", refresh_twice)]),
    "DECISIONS-NEED-A-PROFILE": (RestV2App, after(
        GOOD_V2, "configuration", step("preauthorize early", lambda app: app.preauthorize(PAID[:1])))),
    "DCR-TOKEN-REUSE": (RestV2App, GOOD_V2 + [step("token", lambda app: app.fetch_token())]),
    "ONE-API-PER-CLIENT": (RestV2App, GOOD_V2 + [step("v1 authorize", v1_authorize_with_the_v2_token)]),
    "DCR-RENEW-AFTER-401": (RestV2App, GOOD_V2 + [step("after expiry", retry_with_the_same_token)]),
    "V2-ORDER-PROFILES-FIRST": (RestV2App, replaced(GOOD_V2, "profiles")),
    "V2-ORDER-CONFIGURATION-FIRST": (RestV2App, replaced(GOOD_V2, "configuration")),
    # A SAML response kept from an earlier launch, sent before asking for a request.
    "V2-ORDER-PARTNER-REQUEST-FIRST": (RestV2App, before(
        GOOD_V2, "sso session", step("kept saml", lambda app: app.sso_profile(form={"SAMLResponse": KEPT_SAML})))),
    "V1-ORDER-CHECK-FIRST": (RestV1App, replaced(GOOD_V1, "check")),
    "V1-ORDER-CONFIGURATION-FIRST": (RestV1App, replaced(GOOD_V1, "configuration")),
    "V1-LOGOUT-TOKEN-SOURCE-FIRST": (RestV1App, replaced(GOOD_V1, "user metadata")),
    "V1-LOGOUT-WEB-VIEW-ON-IOS": (RestV1App, replaced(
        GOOD_V1, "logout", step("logout", lambda app: app.delete_logout()))),
    # The framework's provider id passed on as the MVPD, then Adobe's id.
    "V1-PROFILE-REQUEST-MVPD-ID": (RestV1App, before(
        GOOD_V1, "profile request",
        step("profile request", lambda app: app.profile_request(mvpd=app.server.running.mvpd(
            APPLE_SSO_MVPD)["platformMappingId"])))),
    "V1-ORDER-PROFILE-REQUEST-FIRST": (RestV1App, before(
        GOOD_V1, "profile request", step("kept saml", lambda app: app.token_exchange(saml=KEPT_SAML)))),
    "V1-ORDER-AUTHORIZE-FIRST": (RestV1App, before(
        GOOD_V1, "authorize", step("media token", lambda app: app.media_token()))),
    # Refused for the missing field: the client stops there.
    "DCR-REGISTER-STATEMENT": (RestV2App, [step("register", lambda app: app.register(body={}))]),
    "DCR-TOKEN-GRANT-TYPE": (RestV2App, before(
        GOOD_V2, "token", step("token", lambda app: app.fetch_token(grant_type=None)))),
    "V2-SSO-SAML-RESPONSE": (RestV2App, before(
        GOOD_V2, "sso profile", step("sso profile", lambda app: app.sso_profile(form={"partner": "Apple"})))),
    "V2-LOGOUT-REDIRECT-URL": (RestV2App, replaced(
        GOOD_V2, "logout", step("logout", lambda app: app.logout(redirect=False)))),
    "HEADER-CONTENT-TYPE": (RestV2App, replaced(
        GOOD_V2, "preauthorize", step("preauthorize", lambda app: app.preauthorize(PAID[:3], drop=["Content-Type"])))),
    # The user chose a provider shown in Apple's picker only; the app starts the partner flow for
    # it anyway, then completes the fallback session the answer gives.
    "V2-SSO-PLATFORM-SERVICES": (RestV2App, V2_LAUNCH + [
        step("sso session", sso_session_for(PICKER_ONLY_MVPD)),
        step("fallback", fallback_completed),
    ]),
    # A profile exists, yet the app goes on to the partner profile call with its last response.
    "V2-SSO-AUTHORIZE-DIRECT": (RestV2App, V2_LAUNCH + V2_APPLE_SSO[:2] + [
        step("sso session again", lambda app: app.sso_session()),
        step("sso profile again", lambda app: app.sso_profile(form={"SAMLResponse": KEPT_SAML})),
    ]),
    # A fallback to the basic flow, yet the app opens a session of its own.
    "V2-SSO-FALLBACK-SESSION": (RestV2App, V2_LAUNCH + [
        step("sso session", sso_session_for("Juniper")),
        step("session", lambda app: app.create_session(mvpd="Juniper")),
    ]),
    "POLL-INTERVAL": (RestV2App, replaced(GOOD_V2, "interval", wait(1))),
    # Three seconds: the interval the cookbook asks, not the five the 429 said.
    "POLL-RETRY-AFTER": (RestV2App, replaced(GOOD_V2, "wait Retry-After", wait(3))),
    "POLL-STOP": (RestV2App, after(GOOD_V2, "poll done", wait(4), step("poll again", lambda app: app.poll()))),
    "V2-PREAUTHORIZE-LIMIT": (RestV2App, replaced(
        GOOD_V2, "preauthorize", step("preauthorize", lambda app: app.preauthorize(PAID + ["trailers", "extra"])))),
    "DECISIONS-AFTER-LOGOUT": (RestV2App, after(
        GOOD_V2, "logout", step("authorize", lambda app: app.authorize(PAID[:1])))),
    "V2-LOGOUT-PROFILE-MVPD": (RestV2App, replaced(
        GOOD_V2, "logout", step("logout", lambda app: app.logout(mvpd="Juniper")))),
    # A SAML payload kept from an earlier launch, translated before asking the provider's info.
    "OWN-IDP-INFO-FIRST": (OwnIdentityProviderApp, before(
        GOOD_OWN_IDP, "info", step("kept saml", lambda app: app.translate(saml=KEPT_SAML)))),
    # The payload under another name, refused, then sent as `saml`.
    "OWN-IDP-TRANSLATE-SAML": (OwnIdentityProviderApp, before(
        GOOD_OWN_IDP, "translate", step("misnamed", lambda app: app.translate(field="samlResponse")))),
    "SAML-ENCODED-ONCE": (RestV1App, before(
        GOOD_V1, "token exchange", step("token exchange", lambda app: app.token_exchange(encode_twice=True)))),
}

CLIENTS = {
    "good REST API V2": (RestV2App, GOOD_V2), "good REST API V1": (RestV1App, GOOD_V1),
    "good own identity provider": (OwnIdentityProviderApp, GOOD_OWN_IDP), **BREAKING,
}


# MARK: Running a client and judging it


@pytest.fixture(scope="module")
def server(tvsim):
    return Server(tvsim)


def run(server, name):
    app_type, journey = CLIENTS[name]
    server.admin("POST", "/reset")
    app = app_type(server)
    for step_name, action in journey:
        try:
            action(app)
        except Exception as error:
            raise AssertionError(f"{name}: step {step_name!r} failed") from error
    return app


def findings(document):
    """Each finding as its rule and how many exchanges it names, client by client."""
    return sorted(f"{finding['rule']} ×{len(finding['exchanges'])}"
                  for client in document["clients"] for finding in client["findings"])


def described(document):
    """The findings with their messages, for a failure to show."""
    return "\n".join(f"{client['client']}: {finding['rule']} {finding['exchanges']} {finding['message']}"
                     for client in document["clients"] for finding in client["findings"]) or "no finding"


def not_judged(document):
    return {entry["rule"] for client in document["clients"] for entry in client["notJudged"]}


def tvsim_audit(source):
    """`tvsim audit SOURCE --json`: a HAR file, or a running serve's journal."""
    done = subprocess.run([str(TVSIM), "audit", source, "--json"], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return json.loads(done.stdout)


def audit_file(har, path):
    path.write_text(json.dumps(har))
    return tvsim_audit(str(path))


# MARK: Chrome's ways of saving the same HAR


def reshaped(har, change):
    har = json.loads(json.dumps(har))
    for entry in har["log"]["entries"]:
        change(entry, entry["request"], entry["response"])
    return har


def chrome(har):
    """Chrome over HTTP/2: lowercase names after the pseudo headers, its own fields, Base64 bodies."""
    def change(entry, request, response):
        url = urlsplit(request["url"])
        request["headers"] = [
            {"name": ":authority", "value": url.netloc}, {"name": ":method", "value": request["method"]},
            {"name": ":path", "value": url.path + (f"?{url.query}" if url.query else "")},
            {"name": ":scheme", "value": "https"},
        ] + [{"name": header["name"].lower(), "value": header["value"]} for header in request["headers"]]
        response["headers"] = [{"name": h["name"].lower(), "value": h["value"]} for h in response["headers"]]
        content = response["content"]
        if content.get("text"):
            content["text"] = base64.b64encode(content["text"].encode()).decode()
            content["encoding"] = "base64"
        entry["_initiator"] = {"type": "script"}
        entry["_resourceType"] = "fetch"
    return reshaped(har, change)


def bodiless(har):
    """Chrome leaving out every answer's body (it does for compressed ones)."""
    def change(entry, request, response):
        content = response["content"]
        if "text" in content:
            del content["text"]
            content.pop("encoding", None)
            content["size"] = 120
    return reshaped(chrome(har), change)


def sanitized(har):
    """Chrome's default export: Authorization and cookies stripped."""
    def change(entry, request, response):
        request["headers"] = [h for h in request["headers"] if h["name"] not in ("authorization", "cookie")]
    return reshaped(chrome(har), change)


# MARK: The tests


def test_every_rule_has_a_live_client_that_breaks_it():
    assert sorted(BREAKING) == catalog_rules()


@pytest.mark.parametrize("name", list(CLIENTS))
def test_each_client_is_judged_alike_live_and_from_every_har(server, name, tmp_path):
    run(server, name)
    live = requests.get(server.url("/__tvsim/audit"), timeout=TIMEOUT_SECONDS).json()
    found = findings(live)
    rules = {finding.split(" ")[0] for finding in found}
    if name.startswith("good"):
        assert found == [], described(live)
    else:
        assert rules == {name}, described(live)

    assert findings(tvsim_audit(server.running.base_url)) == found, "tvsim audit URL"

    exported = requests.get(server.url("/__tvsim/journal?format=har"), timeout=TIMEOUT_SECONDS)
    assert exported.status_code == 200
    har = exported.json()
    assert findings(audit_file(har, tmp_path / "tvsim.har")) == found, "tvsim's HAR"
    assert findings(audit_file(chrome(har), tmp_path / "chrome.har")) == found, "Chrome's whole HAR"
    for shape, file in (("without bodies", bodiless(har)), ("sanitized", sanitized(har))):
        document = audit_file(file, tmp_path / f"{shape}.har")
        kept = findings(document)
        assert set(kept) <= set(found), f"{shape}: findings the calls do not have: {kept}"
        lost = {finding.split(" ")[0] for finding in set(found) - set(kept)}
        assert lost <= not_judged(document), f"{shape}: {lost - not_judged(document)} lost without a word"
