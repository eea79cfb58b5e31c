"""Authlib's requests OAuth2Session, left at its defaults (client_secret_basic, token in the
Authorization header), gets and refreshes DCR access tokens from tvsim and calls REST API V2."""

from authlib.integrations.requests_client import OAuth2Session

from tvsim_server import REQUESTOR

TOKEN_PATH = "/o/client/token"
CONFIGURATION_PATH = f"/api/v2/{REQUESTOR}/configuration"


def recording_session(tvsim, credentials):
    """An OAuth2Session and the list where it keeps every answer of the token endpoint, so the
    tests can look at what fetch_token does not hand back (headers, the request sent)."""
    session = OAuth2Session(credentials.client_id, credentials.client_secret)
    token_responses = []

    def record(response, *args, **kwargs):
        if response.request.url.startswith(tvsim.url(TOKEN_PATH)):
            token_responses.append(response)

    session.hooks["response"].append(record)
    return session, token_responses


def test_client_credentials_token_opens_rest_api_v2(tvsim, registered_client):
    session, token_responses = recording_session(tvsim, registered_client)

    token = session.fetch_token(tvsim.url(TOKEN_PATH), grant_type="client_credentials")

    # Authlib's default client authentication is client_secret_basic (RFC 6749 §2.3.1).
    assert token_responses[0].request.headers["Authorization"].startswith("Basic ")
    assert token["token_type"].lower() == "bearer"
    assert session.get(tvsim.url(CONFIGURATION_PATH)).status_code == 200


def test_refresh_token_grant_issues_a_working_access_token(tvsim, registered_client):
    session, _ = recording_session(tvsim, registered_client)
    first = session.fetch_token(tvsim.url(TOKEN_PATH), grant_type="client_credentials")

    refreshed = session.refresh_token(tvsim.url(TOKEN_PATH), refresh_token=first["refresh_token"])

    assert refreshed["access_token"] != first["access_token"]
    assert session.token["access_token"] == refreshed["access_token"]
    assert session.get(tvsim.url(CONFIGURATION_PATH)).status_code == 200


def test_token_responses_are_not_cached(tvsim, registered_client):
    session, token_responses = recording_session(tvsim, registered_client)
    first = session.fetch_token(tvsim.url(TOKEN_PATH), grant_type="client_credentials")
    session.refresh_token(tvsim.url(TOKEN_PATH), refresh_token=first["refresh_token"])

    # RFC 6749 §5.1: an answer that carries tokens says Cache-Control: no-store and Pragma: no-cache.
    assert len(token_responses) == 2
    for response in token_responses:
        assert "no-store" in directives(response.headers.get("Cache-Control"))
        assert "no-cache" in directives(response.headers.get("Pragma"))


def directives(header):
    return [directive.strip().lower() for directive in (header or "").split(",")]
