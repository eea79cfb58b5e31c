"""A client that openapi-python-client generates from Adobe's OpenAPI documents (dcrApi.json and
restApiV2.json), configured with nothing but tvsim's base URLs, runs the REST API V2 journey of a
streaming device: register, token, configuration, authentication session, sign-in at the MVPD
in a user agent, profiles, preauthorization, authorization with a media token, logout.

Every documented call goes through the generated functions, with the documented headers passed
as their parameters (the profiles calls decode their answers here: see profiles()); plain
requests only plays the browser.
"""

import base64
import dataclasses
import json
import uuid
from http import HTTPStatus

import pytest
import requests

import dcr_api_client
import rest_api_v2_client
from dcr_api_client.api.dynamic_client_registration_api import (
    generate_access_token_using_post,
    process_software_statement_using_post,
)
from dcr_api_client.models import ClientRegistrationRequest
from rest_api_v2_client.api.tag1_configuration import handle_request_using_get
from rest_api_v2_client.api.tag2_sessions import create_session_using_post
from rest_api_v2_client.api.tag3_profiles import get_profile_for_code_using_get_1, get_profile_for_mvpd_using_get
from rest_api_v2_client.api.tag4_decisions import (
    retrieve_authorize_decisions_for_mvpd_using_post,
    retrieve_pre_authorize_decisions_for_mvpd_using_post_1,
)
from rest_api_v2_client.api.tag5_logout import get_logout_for_mvpd_using_get
from rest_api_v2_client.models import CreateSessionUsingPOSTRequest, RetrieveAuthorizeDecisionsForMvpdUsingPOSTRequest

import mvpd_browser
from tvsim_server import REQUESTOR

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
DEVICE_INFO = {"primaryHardwareType": "SetTopBox", "model": "AppleTV", "version": "4K",
               "osName": "tvOS", "osVersion": "18.0", "connectionType": "WiFi"}


def device_info():
    """The X-Device-Info header: Base64 of the device's JSON description."""
    return base64.b64encode(json.dumps(DEVICE_INFO).encode()).decode()


@dataclasses.dataclass(frozen=True)
class Device:
    """The streaming device: what the device headers of REST API V2 say about it."""

    identifier: str

    @classmethod
    def new(cls):
        return cls(base64.b64encode(str(uuid.uuid4()).encode()).decode())

    def headers(self):
        """The AP-Device-Identifier and X-Device-Info parameters of the generated functions."""
        return {"ap_device_identifier": f"fingerprint {self.identifier}", "x_device_info": device_info()}


@dataclasses.dataclass(frozen=True)
class SignedIn:
    """A device whose user signed in at an MVPD through an authentication session."""

    device: Device
    mvpd: str
    code: str


# MARK: Clients and the steps of the journey


@pytest.fixture(scope="module")
def dcr(tvsim):
    return dcr_api_client.Client(base_url=tvsim.url("/o"))


@pytest.fixture(scope="module")
def api(tvsim):
    return rest_api_v2_client.Client(base_url=tvsim.url("/api/v2"))


@pytest.fixture(scope="module")
def application(tvsim, dcr):
    return register(tvsim, dcr)


@pytest.fixture(scope="module")
def authorization(dcr, application):
    return "Bearer " + fetch_token(dcr, application).access_token


@pytest.fixture(scope="module")
def signed_in(tvsim, api, authorization):
    return sign_in(tvsim, api, authorization, Device.new())


def expect(response, status):
    """The parsed body of a generated call's detailed response, once its status is the one wanted."""
    assert response.status_code == status, f"{response.status_code}: {response.content[:1000]!r}"
    assert response.parsed is not None, f"no body parsed from {response.content[:1000]!r}"
    return response.parsed


def register(tvsim, dcr):
    requestor = tvsim.requestor()
    body = ClientRegistrationRequest(software_statement=requestor["softwareStatement"],
                                     redirect_uri=app_url(tvsim, "/signed-in"))
    return expect(process_software_statement_using_post.sync_detailed(
        client=dcr, body=body, content_type=JSON, x_device_info=device_info()),
        HTTPStatus.CREATED)


def fetch_token(dcr, application):
    return expect(generate_access_token_using_post.sync_detailed(
        client=dcr, client_id=application.client_id, client_secret=application.client_secret,
        grant_type="client_credentials"), HTTPStatus.CREATED)


def app_url(tvsim, path):
    """A page of the demo app on its own domain, where sign-in and logout send the user back."""
    return f"https://{tvsim.requestor()['domains'][0]}{path}"


def sign_in(tvsim, api, authorization, device):
    mvpd = tvsim.sign_in_mvpds()[0]
    session = create_session(tvsim, api, authorization, device, mvpd)
    persona = tvsim.persona()
    landed = mvpd_browser.sign_in(tvsim.url(session.url), persona["username"], persona["password"])
    assert landed == app_url(tvsim, "/signed-in")
    return SignedIn(device, mvpd, session.code)


def create_session(tvsim, api, authorization, device, mvpd):
    body = CreateSessionUsingPOSTRequest(mvpd=mvpd, domain_name=tvsim.requestor()["domains"][0],
                                         redirect_url=app_url(tvsim, "/signed-in"))
    return expect(create_session_using_post.sync_detailed(
        REQUESTOR, client=api, body=body, authorization=authorization, content_type=FORM,
        **device.headers()), HTTPStatus.OK)


def profiles(call, *path, api, **parameters):
    """The profiles map of a profiles call, as JSON.

    The request is the generated function's own, sent by the generated client; only the answer is
    decoded here. Adobe's restApiV2.json types an attribute's `value` (UserMetadataResponse) as an
    object, while Adobe's profile documentation and samples carry strings (`"userID": {"value":
    "...", "state": "plain"}`), as tvsim does, so the generated parser rejects every documented
    profile.
    """
    response = api.get_httpx_client().request(**call._get_kwargs(*path, **parameters))
    assert response.status_code == HTTPStatus.OK, f"{response.status_code}: {response.text[:1000]}"
    return response.json()["profiles"]


def profiles_for_mvpd(api, authorization, device, mvpd):
    return profiles(get_profile_for_mvpd_using_get, REQUESTOR, mvpd, api=api, authorization=authorization,
                    **device.headers())


def decisions(call, api, authorization, signed_in, resources):
    body = RetrieveAuthorizeDecisionsForMvpdUsingPOSTRequest(resources=resources)
    return expect(call.sync_detailed(
        REQUESTOR, signed_in.mvpd, client=api, body=body, authorization=authorization, content_type=JSON,
        **signed_in.device.headers()), HTTPStatus.OK).decisions


def paid_resources(tvsim):
    return [resource["id"] for resource in tvsim.requestor()["resources"] if not resource["free"]]


def assert_regular_profile(profiles_by_mvpd, mvpd):
    assert mvpd in profiles_by_mvpd
    profile = profiles_by_mvpd[mvpd]
    assert (profile["type"], profile["issuer"]) == ("regular", mvpd)
    assert profile["notBefore"] < profile["notAfter"]
    assert profile["attributes"]["userID"]["value"]


# MARK: The journey


def test_registration_issues_client_credentials(tvsim, dcr):
    application = register(tvsim, dcr)

    assert application.client_id and application.client_secret
    assert "client_credentials" in application.grant_types
    assert application.redirect_uris == [app_url(tvsim, "/signed-in")]


def test_client_credentials_get_a_bearer_token(dcr, application):
    token = fetch_token(dcr, application)

    assert token.token_type.lower() == "bearer"
    assert token.access_token and token.expires_in > 0


def test_configuration_lists_the_mvpds(tvsim, api, authorization):
    configuration = expect(handle_request_using_get.sync_detailed(
        REQUESTOR, client=api, authorization=authorization), HTTPStatus.OK)

    assert configuration.requestor.id == REQUESTOR
    assert set(tvsim.sign_in_mvpds()) <= {mvpd.id for mvpd in configuration.requestor.mvpds}


def test_session_for_an_mvpd_asks_for_authentication_in_a_user_agent(tvsim, api, authorization):
    device = Device.new()
    mvpd = tvsim.sign_in_mvpds()[0]

    session = create_session(tvsim, api, authorization, device, mvpd)

    assert (session.action_name, session.action_type, session.reason_type) == ("authenticate", "interactive", "none")
    assert session.url == f"/api/v2/authenticate/{REQUESTOR}/{session.code}"
    assert (session.service_provider, session.mvpd) == (REQUESTOR, mvpd)


def test_sign_in_gives_a_profile_for_the_code(api, authorization, signed_in):
    found = profiles(get_profile_for_code_using_get_1, REQUESTOR, signed_in.code, api=api, authorization=authorization)

    assert_regular_profile(found, signed_in.mvpd)


def test_signed_in_device_has_a_profile_for_the_mvpd(api, authorization, signed_in):
    found = profiles_for_mvpd(api, authorization, signed_in.device, signed_in.mvpd)

    assert_regular_profile(found, signed_in.mvpd)


def test_preauthorize_permits_every_resource_of_the_package(tvsim, api, authorization, signed_in):
    resources = paid_resources(tvsim)

    answers = decisions(retrieve_pre_authorize_decisions_for_mvpd_using_post_1, api, authorization, signed_in, resources)

    assert {d.resource: d.authorized for d in answers} == {resource: True for resource in resources}
    # Preauthorization never hands out media tokens.
    assert all(not d.token for d in answers)


def test_authorize_permits_with_a_media_token(tvsim, api, authorization, signed_in):
    resource = paid_resources(tvsim)[0]

    [decision] = decisions(retrieve_authorize_decisions_for_mvpd_using_post, api, authorization, signed_in, [resource])

    assert (decision.resource, decision.authorized, decision.source) == (resource, True, "mvpd")
    assert (decision.service_provider, decision.mvpd) == (REQUESTOR, signed_in.mvpd)
    assert decision.token.serialized_token
    assert decision.token.not_before < decision.token.not_after


def test_logout_ends_the_profile(tvsim, api, authorization):
    # A device of its own, so the other tests keep their profile whatever the order.
    signed_in = sign_in(tvsim, api, authorization, Device.new())

    logouts = expect(get_logout_for_mvpd_using_get.sync_detailed(
        REQUESTOR, signed_in.mvpd, client=api, redirect_url=app_url(tvsim, "/signed-out"),
        authorization=authorization, **signed_in.device.headers()), HTTPStatus.OK).logouts

    logout = logouts[signed_in.mvpd]
    assert logout.mvpd == signed_in.mvpd
    # An MVPD with a logout endpoint has the user agent visit it; one without needs nothing more.
    if tvsim.mvpd(signed_in.mvpd)["logoutSupported"]:
        assert (logout.action_name, logout.action_type) == ("logout", "interactive")
        assert logout.url
    else:
        assert (logout.action_name, logout.action_type) == ("complete", "none")
    assert profiles_for_mvpd(api, authorization, signed_in.device, signed_in.mvpd) == {}


def test_the_server_audits_the_generated_client_against_the_cookbook(tvsim, api, authorization):
    """`GET /__tvsim/audit` after the generated client's journey: its cookbook steps in order, and
    the rules it breaks (it starts a session without the launch's profile check, B.3, and asks
    for a decision after its logout). Adobe's OpenAPI gives the configuration call no device
    headers, which seed 002 (C.1) requires: the audit says so too."""
    device = Device.new()
    expect(handle_request_using_get.sync_detailed(
        REQUESTOR, client=api, authorization=authorization), HTTPStatus.OK)
    signed_in = sign_in(tvsim, api, authorization, device)
    assert_regular_profile(profiles_for_mvpd(api, authorization, device, signed_in.mvpd), signed_in.mvpd)
    resource = paid_resources(tvsim)[0]
    decisions(retrieve_authorize_decisions_for_mvpd_using_post, api, authorization, signed_in, [resource])
    expect(get_logout_for_mvpd_using_get.sync_detailed(
        REQUESTOR, signed_in.mvpd, client=api, redirect_url=app_url(tvsim, "/signed-out"),
        authorization=authorization, **device.headers()), HTTPStatus.OK)
    # Sent by the generated function, read here: the generated parser cannot read the error body
    # Adobe documents for this refusal (see `profiles`).
    after_logout = api.get_httpx_client().request(**retrieve_authorize_decisions_for_mvpd_using_post._get_kwargs(
        REQUESTOR, signed_in.mvpd, body=RetrieveAuthorizeDecisionsForMvpdUsingPOSTRequest(resources=[resource]),
        authorization=authorization, content_type=JSON, **device.headers()))
    assert after_logout.status_code in (HTTPStatus.OK, HTTPStatus.FORBIDDEN), after_logout.text[:500]

    audit = requests.get(tvsim.url("/__tvsim/audit"), timeout=10).json()
    clients = [client for client in audit["clients"] if device.identifier in client["client"]]
    assert len(clients) == 1, [client["client"] for client in audit["clients"]]
    client = clients[0]
    assert client["integration"] == "rest-v2"
    assert client["steps"] == ["C.1", "BA.1", "C.7", "D.7", "E.1", "D.7"], client["steps"]
    rules = {finding["rule"] for finding in client["findings"]}
    assert {"V2-ORDER-PROFILES-FIRST", "DECISIONS-AFTER-LOGOUT", "V2-HEADER-DEVICE-IDENTIFIER"} <= rules, rules
    for finding in client["findings"]:
        assert finding["source"]["quote"] and finding["advice"] and finding["exchanges"]

    page = requests.get(tvsim.url("/__tvsim/audit"), headers={"Accept": "text/html"}, timeout=10)
    assert page.status_code == HTTPStatus.OK
    assert "Cookbook audit" in page.text and "DECISIONS-AFTER-LOGOUT" in page.text
