"""requests-oauthlib's OAuth2Session with oauthlib's BackendApplicationClient (the client
credentials grant), left at its defaults, gets a DCR access token from tvsim and calls REST API V2."""

import pytest
from oauthlib.oauth2 import BackendApplicationClient
from requests_oauthlib import OAuth2Session

from tvsim_server import REQUESTOR


@pytest.fixture(autouse=True)
def allow_plain_http_on_loopback(monkeypatch):
    # oauthlib refuses http:// token endpoints unless told otherwise; the server under test
    # listens on loopback without TLS.
    monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")


def test_backend_application_token_opens_rest_api_v2(tvsim, registered_client):
    session = OAuth2Session(client=BackendApplicationClient(client_id=registered_client.client_id))

    token = session.fetch_token(
        token_url=tvsim.url("/o/client/token"),
        client_id=registered_client.client_id, client_secret=registered_client.client_secret)

    assert token["token_type"].lower() == "bearer"
    assert session.get(tvsim.url(f"/api/v2/{REQUESTOR}/configuration")).status_code == 200
