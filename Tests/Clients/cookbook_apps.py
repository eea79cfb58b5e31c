"""Three small apps written from the cookbooks, call by call, over real HTTP: an Apple TV app on
REST API V2 (seed 002: registration, the launch, Apple's single sign-on, decisions, logout, then a
sign-in by code on a second screen), an iPhone app on REST API V1 (seed 000: the token check,
the configuration, single sign-on, a play, the logout in a web view) and an Apple TV app with
its own identity provider (seed 003: the provider's info, the second metadata request, the
translation of its SAML payload).

Each call is a method that a test can ask to go wrong in one way (a header left out, a field
changed); a journey is a list of named steps, so a test builds a client that breaks one rule by
replacing, removing or adding one step. Apple's TV-provider framework is played by `Framework`,
through the mock identity provider's VSA endpoints, as tvsim's own simulator does.
"""

import base64
import json
import re
import uuid
from urllib.parse import urlencode

import requests

import mvpd_browser
from tvsim_server import PERSONA, REQUESTOR

TIMEOUT_SECONDS = 10
APPLE_SSO_MVPD = "AuroraCable"
# Shown in Apple's picker only: no platform services, so no partner flow (seed 002, C.2).
PICKER_ONLY_MVPD = "ATVUwave"
DOMAIN = "orbit.tvsim.example"
REDIRECT_URL = f"https://{DOMAIN}/signed-in"
IPHONE_AGENT = "OrbitTV/1.0 (iPhone; iOS 18.0) CFNetwork/1568 Darwin/24.0.0"


def base64_json(value):
    return base64.b64encode(json.dumps(value, separators=(",", ":")).encode()).decode()


def device_info(os_name, model):
    return base64_json({"primaryHardwareType": "SetTopBox" if os_name == "tvOS" else "MobilePhone", "model": model,
                        "osName": os_name, "osVersion": "18.0", "connectionType": "WiFi"})


def without_content_type(options):
    """The body as bytes, so that nothing adds the Content-Type header the app forgot."""
    options = dict(options)
    if "json" in options:
        options["data"] = json.dumps(options.pop("json")).encode()
    elif isinstance(options.get("data"), dict):
        options["data"] = urlencode(options["data"]).encode()
    return options


class Server:
    """The admin side of `tvsim serve` that a journey needs: its clock and its faults."""

    def __init__(self, running):
        self.running = running

    def url(self, path):
        return self.running.url(path)

    def admin(self, method, path, body=None):
        if body is None and method != "GET":
            body = {}  # admin writes say Content-Type: application/json
        response = requests.request(method, self.url("/__tvsim" + path), json=body, timeout=TIMEOUT_SECONDS)
        assert response.status_code < 300, f"{method} {path}: {response.status_code} {response.text}"
        return response.json() if response.content else None

    def now_milliseconds(self):
        return self.admin("GET", "/clock")["time"]

    def wait(self, seconds):
        """Time passes for the server (and so in the journal) without the test waiting."""
        self.admin("POST", "/clock/advance", {"seconds": seconds})

    def fault(self, **rule):
        self.admin("POST", "/faults", rule)

    def statement(self):
        return self.running.requestor(REQUESTOR)["softwareStatement"]


class Framework:
    """Apple's TV-provider framework: it signs the subscriber in at the provider once, then answers
    an app's SAML request with the provider's SAML response (seed 002, C.5-C.11)."""

    def __init__(self, server, mvpd=APPLE_SSO_MVPD):
        self.server = server
        self.mvpd = mvpd
        self.provider_id = server.running.mvpd(mvpd)["platformMappingId"]
        persona = server.running.persona(PERSONA)
        signed_in = self.provider_call("sign-in", {"username": persona["username"], "password": persona["password"]})
        self.provider_session = signed_in["providerSessionToken"]

    def provider_call(self, name, body):
        response = requests.post(self.server.url(f"/idp/{self.mvpd}/vsa/{name}"), json=body, timeout=TIMEOUT_SECONDS)
        assert response.status_code == 200, response.text
        return response.json()

    def saml_payload(self, request, attribute_names=("uid", "householdID", "zip"), channel=None):
        """The second metadata request: the provider's SAML response to `request`, as XML."""
        answer = self.provider_call("attribute-query", {
            "providerSessionToken": self.provider_session, "verificationToken": request,
            "attributeNames": list(attribute_names), "channelIdentifier": channel})
        return answer["samlResponse"]

    def saml_response(self, request):
        """The provider's SAML response to the app's request, Base64 as Adobe's APIs take it."""
        collapsed = re.sub(r">\s+<", "><", self.saml_payload(request).strip())
        return base64.b64encode(collapsed.encode()).decode()

    def status(self, server_now, access="granted"):
        """AP-Partner-Framework-Status: the user's permission and the selected provider."""
        return base64_json({"frameworkPermissionInfo": {"accessStatus": access},
                            "frameworkProviderInfo": {"id": self.provider_id,
                                                      "expirationDate": str(server_now + 86_400_000)}})


class App:
    """What both apps share: a DCR registration and token, and a session of real HTTP calls."""

    def __init__(self, server, device_info_header, user_agent=None):
        self.server = server
        self.device_info = device_info_header
        self.http = requests.Session()
        if user_agent:
            self.http.headers["User-Agent"] = user_agent
        self.credentials = None
        self.token = None
        self.last = None

    def call(self, method, path, headers, drop=(), **options):
        """One call, with `drop` naming headers the app forgets on it."""
        sent = {name: value for name, value in headers.items() if name not in drop and value is not None}
        if "Content-Type" in drop:
            options = without_content_type(options)
        self.last = self.http.request(method, self.server.url(path), headers=sent, allow_redirects=False,
                                      timeout=TIMEOUT_SECONDS, **options)
        return self.last

    # Seed 002, A.1-A.4: register once, then a token with the client credentials.

    def register(self, body=None, drop=()):
        response = self.call("POST", "/o/client/register", {"X-Device-Info": self.device_info}, drop,
                             json={"software_statement": self.server.statement()} if body is None else body)
        if response.status_code == 201:
            self.credentials = response.json()
        return response

    def fetch_token(self, grant_type="client_credentials", drop=(), refresh_token=None):
        form = {"grant_type": grant_type, "client_id": self.credentials["client_id"],
                "client_secret": self.credentials["client_secret"]}
        if grant_type is None:
            del form["grant_type"]
        if refresh_token:
            form["refresh_token"] = refresh_token
        response = self.call("POST", "/o/client/token", {"X-Device-Info": self.device_info}, drop, data=form)
        if response.status_code in (200, 201):
            self.token = response.json()
        return response

    def bearer(self):
        return "Bearer " + self.token["access_token"]


class RestV2App(App):
    """An Apple TV app on REST API V2."""

    def __init__(self, server, name="living-room"):
        super().__init__(server, device_info("tvOS", "AppleTV"))
        self.device = "fingerprint " + base64.b64encode(f"{name}-{uuid.uuid4()}".encode()).decode()
        self.framework = None
        self.sso_answer = None
        self.code = None

    def headers(self, partner=False, access="granted"):
        headers = {"Authorization": self.bearer(), "AP-Device-Identifier": self.device,
                   "X-Device-Info": self.device_info}
        if partner:
            headers["AP-Partner-Framework-Status"] = self.partner_status(access)
        return headers

    def partner_status(self, access="granted"):
        if self.framework is None:
            self.framework = Framework(self.server)
        return self.framework.status(self.server.now_milliseconds(), access)

    def v2(self, method, path, partner=False, drop=(), replace=None, **options):
        headers = self.headers(partner)
        headers.update(replace or {})
        return self.call(method, f"/api/v2/{REQUESTOR}{path}", headers, drop, **options)

    # B.3 and C.1: at launch, the profiles (with the partner status), then the configuration.

    def profiles(self, **change):
        return self.v2("GET", "/profiles", partner=True, **change)

    def configuration(self, **change):
        return self.v2("GET", "/configuration", **change)

    # C.2-C.12: Apple's single sign-on.

    def sso_session(self, **change):
        response = self.v2("POST", "/sessions/sso/Apple", partner=True,
                           data={"domainName": DOMAIN, "redirectUrl": REDIRECT_URL}, **change)
        self.sso_answer = response.json() if response.status_code == 200 else None
        return response

    def sso_profile(self, form=None, **change):
        if form is None:
            request = self.sso_answer["authenticationRequest"]["request"]
            form = {"SAMLResponse": self.framework.saml_response(request)}
        return self.v2("POST", "/profiles/sso/Apple", partner=True, data=form, **change)

    # D.3-D.7: decisions.

    def preauthorize(self, resources, mvpd=APPLE_SSO_MVPD, partner=True, **change):
        return self.v2("POST", f"/decisions/preauthorize/{mvpd}", partner=partner, json={"resources": resources},
                       **change)

    def authorize(self, resources, mvpd=APPLE_SSO_MVPD, partner=True, **change):
        return self.v2("POST", f"/decisions/authorize/{mvpd}", partner=partner, json={"resources": resources},
                       **change)

    # E.1: logout.

    def logout(self, mvpd=APPLE_SSO_MVPD, redirect=True, **change):
        return self.v2("GET", f"/logout/{mvpd}", params={"redirectUrl": REDIRECT_URL} if redirect else None,
                       **change)

    # BA.1-BA.3: a sign-in by code on a second screen.

    def create_session(self, mvpd="Cascade", **change):
        response = self.v2("POST", "/sessions", data={"mvpd": mvpd, "domainName": DOMAIN,
                                                      "redirectUrl": REDIRECT_URL}, **change)
        if response.status_code == 200:
            self.code = response.json()["code"]
        return response

    def poll(self, **change):
        return self.v2("GET", f"/profiles/code/{self.code}", **change)

    def second_screen_sign_in(self):
        """The user, on a phone, opens the session's page and signs in at the MVPD."""
        persona = self.server.running.persona(PERSONA)
        start = self.server.url(f"/api/v2/authenticate/{REQUESTOR}/{self.code}")
        assert mvpd_browser.sign_in(start, persona["username"], persona["password"]) == REDIRECT_URL


class RestV1App(App):
    """An iPhone app on REST API V1 with a DCR token (seed 000)."""

    def __init__(self, server, device_id=None):
        super().__init__(server, device_info("iOS", "iPhone"), user_agent=IPHONE_AGENT)
        self.device_id = device_id or f"iphone-{uuid.uuid4()}"
        self.framework = None
        self.saml_request = None

    def v1(self, method, path, params=None, drop=(), **options):
        return self.call(method, path, {"Authorization": self.bearer()}, drop,
                         params={"requestor": REQUESTOR, "deviceId": self.device_id, **(params or {})}, **options)

    def check_authentication(self):
        return self.v1("GET", "/api/v1/checkauthn")

    def configuration(self):
        return self.call("GET", f"/api/v1/config/{REQUESTOR}", {"Authorization": self.bearer()})

    def profile_request(self, mvpd=APPLE_SSO_MVPD):
        response = self.v1("GET", f"/api/v1/{REQUESTOR}/profile-requests/{mvpd}", {"deviceType": "iOS"})
        if response.status_code == 200:
            self.saml_request = response.text  # the AuthnRequest, Base64 already
        return response

    def token_exchange(self, encode_twice=False, saml=None):
        """Step 8: the framework's SAML response (or `saml`) for an authentication token."""
        if saml is None:
            self.framework = self.framework or Framework(self.server)
            saml = self.framework.saml_response(self.saml_request)
        if encode_twice:
            saml = base64.b64encode(saml.encode()).decode()
        return self.call("POST", "/api/v1/tokens/authn", {"Authorization": self.bearer()},
                         data={"requestor": REQUESTOR, "deviceId": self.device_id, "SAMLResponse": saml})

    def authentication_token(self):
        return self.v1("GET", "/api/v1/tokens/authn")

    def authorize(self, resource="orbit-live"):
        return self.v1("GET", "/api/v1/authorize", {"resource": resource})

    def media_token(self, resource="orbit-live"):
        return self.v1("GET", "/api/v1/tokens/media", {"resource": resource})

    def user_metadata(self):
        return self.v1("GET", "/api/v1/tokens/usermetadata")

    def web_logout(self):
        """On iOS, the logout page in a web view, which goes on to the MVPD's."""
        return self.call("GET", "/api/v1/logout", {"Authorization": self.bearer()},
                         params={"requestor_id": REQUESTOR, "deviceId": self.device_id,
                                 "redirect_url": REDIRECT_URL})

    def delete_logout(self):
        return self.v1("DELETE", "/api/v1/logout")


class OwnIdentityProviderApp:
    """An Apple TV app with its own identity provider (seed 003), tvsim's `/custom-idp/ORBIT`."""

    def __init__(self, server):
        self.server = server
        self.http = requests.Session()
        self.http.headers["User-Agent"] = "OrbitTV/1.0 (AppleTV; tvOS 18.0) CFNetwork/1568 Darwin/24.0.0"
        self.device_id = f"appletv-{uuid.uuid4()}"
        self.framework = Framework(server)
        self.info_answer = None
        self.last = None

    def call(self, method, path, **options):
        self.last = self.http.request(method, self.server.url(f"/custom-idp/{REQUESTOR}{path}"),
                                      timeout=TIMEOUT_SECONDS, **options)
        return self.last

    def info(self):
        """Step 5: what the second metadata request must carry."""
        response = self.call("GET", "/info", params={"provider": self.framework.provider_id})
        assert response.status_code == 200, response.text
        self.info_answer = response.json()
        return response

    def translate(self, saml=None, field="saml"):
        """Step 6: the framework's SAML payload (or `saml`) sent to the translate endpoint."""
        if saml is None:
            saml = self.framework.saml_payload(self.info_answer["verificationToken"],
                                               self.info_answer["attributeNames"],
                                               self.info_answer["channelIdentifier"])
        return self.call("POST", "/saml/translate",
                         json={field: saml, "provider": self.framework.provider_id, "deviceId": self.device_id})
