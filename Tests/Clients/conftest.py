"""Fixtures shared by the client interop tests: one `tvsim serve` for the whole run, and client
credentials registered through DCR.

The client generated from Adobe's OpenAPI documents is imported from .build/clients/generated,
where .ci/clients writes it (TVSIM_GENERATED_CLIENTS points elsewhere); nothing generated is
kept in the repository.
"""

import dataclasses
import os
import sys

import pytest
import requests

from tvsim_server import REPOSITORY, RunningServer

GENERATED_CLIENTS = os.environ.get("TVSIM_GENERATED_CLIENTS", str(REPOSITORY / ".build/clients/generated"))
sys.path.insert(0, GENERATED_CLIENTS)


@dataclasses.dataclass(frozen=True)
class ClientCredentials:
    client_id: str
    client_secret: str


@pytest.fixture(scope="session")
def tvsim():
    with RunningServer() as server:
        yield server


@pytest.fixture
def registered_client(tvsim):
    """Fresh credentials for the demo app, registered the way a generic OAuth client does it: a
    JSON body with the software statement and no Adobe-specific header."""
    statement = tvsim.requestor()["softwareStatement"]
    response = requests.post(tvsim.url("/o/client/register"), json={"software_statement": statement}, timeout=10)
    assert response.status_code == 201, response.text
    body = response.json()
    return ClientCredentials(body["client_id"], body["client_secret"])
