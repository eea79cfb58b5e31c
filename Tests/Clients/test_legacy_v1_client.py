"""A legacy REST API V1 client, which signs its calls instead of using DCR, runs the whole
second-screen journey against `tvsim serve --accept-signed-v1`: registration code, sign-in on
the second screen, authentication token, authorization, media token, user metadata, logout."""

from urllib.parse import urlencode

import pytest

import mvpd_browser
from legacy_v1_client import LegacyV1Client
from tvsim_server import PERSONA, REQUESTOR, RunningServer

MVPD = "Cascade"
RESOURCE = "orbit-live"


@pytest.fixture(scope="module")
def signed_tvsim():
    with RunningServer("--accept-signed-v1") as server:
        yield server


@pytest.fixture
def client(signed_tvsim):
    keys = signed_tvsim.requestor()["signedRequests"]
    return LegacyV1Client(signed_tvsim.base_url, REQUESTOR, keys["publicKey"], keys["privateKey"], "legacy-tv-1")


def second_screen_sign_in(tvsim, code):
    """What the user does on a phone or a computer with the code the TV shows."""
    persona = tvsim.persona(PERSONA)
    start = tvsim.url("/api/v1/authenticate?" + urlencode({
        "requestor_id": REQUESTOR, "mso_id": MVPD, "reg_code": code, "domain_name": "orbit.tvsim.example",
        "redirect_url": "adbe.orbit://signed-in", "noflash": "true", "no_iframe": "true"}))
    return mvpd_browser.sign_in(start, persona["username"], persona["password"])


def test_the_signed_second_screen_journey(signed_tvsim, client):
    registration = client.registration_code()
    assert registration.status_code == 200, registration.text
    code = registration.json()["code"]

    assert second_screen_sign_in(signed_tvsim, code) == "adbe.orbit://signed-in"

    authenticated = client.authenticate(code)
    assert authenticated.status_code == 200, authenticated.text
    token = client.authentication_token()
    assert token.status_code == 200, token.text
    assert token.json()["mvpd"] == MVPD

    authorized = client.authorize(RESOURCE)
    assert authorized.status_code == 200, authorized.text
    media = client.media_token(RESOURCE)
    assert media.status_code == 200, media.text
    assert media.json()["resource"] == RESOURCE and media.json()["serializedToken"]
    metadata = client.user_metadata()
    assert metadata.status_code == 200, metadata.text

    logged_out = client.logout()
    assert logged_out.status_code < 300, logged_out.text
    assert client.authentication_token().status_code == 404


def test_a_wrong_private_key_is_refused(signed_tvsim, client):
    client.private_key = "not-the-key"
    refused = client.registration_code()
    assert refused.status_code == 401, refused.text


def test_without_the_option_the_answer_says_what_to_do(tvsim, signed_tvsim):
    keys = signed_tvsim.requestor()["signedRequests"]
    client = LegacyV1Client(tvsim.base_url, REQUESTOR, keys["publicKey"], keys["privateKey"], "legacy-tv-2")
    refused = client.registration_code()
    assert refused.status_code == 401, refused.text
    assert "--accept-signed-v1" in refused.text
