"""A REST API V1 client of the older kind, written from the description of its scheme: no DCR
token, but every call signed with the requestor's key pair in the Authorization header

    <METHOD> requestor_id=<id>, nonce=<uuid>, signature_method=HMAC-SHA1, request_time=<ms>,
    request_uri=<path>, public_key=<key>, signature=<base64 HMAC-SHA1 of the text before
    ", public_key", keyed with the private key>

and `deviceType` on the registration code call instead of `device_info`.
"""

import base64
import hashlib
import hmac
import time
import uuid

import requests

TIMEOUT_SECONDS = 10


class LegacyV1Client:
    def __init__(self, base_url, requestor, public_key, private_key, device_id):
        self.base_url = base_url
        self.requestor = requestor
        self.public_key = public_key
        self.private_key = private_key
        self.device_id = device_id

    def authorization(self, method, request_uri):
        message = (f"{method} requestor_id={self.requestor}, nonce={uuid.uuid4()}, signature_method=HMAC-SHA1, "
                   f"request_time={int(time.time() * 1000)}, request_uri={request_uri}")
        digest = hmac.new(self.private_key.encode(), message.encode(), hashlib.sha1).digest()
        return f"{message}, public_key={self.public_key}, signature={base64.b64encode(digest).decode()}"

    def call(self, method, path, signed_path, params=None, data=None):
        headers = {"Authorization": self.authorization(method, signed_path), "Accept": "application/json"}
        return requests.request(method, self.base_url + path, params=params, data=data, headers=headers,
                                timeout=TIMEOUT_SECONDS)

    def device(self, **extra):
        return {"requestor": self.requestor, "deviceId": self.device_id, **extra}

    # The calls of the second-screen journey, in order.

    def registration_code(self):
        return self.call("POST", f"/reggie/v1/{self.requestor}/regcode", "/regcode",
                         data={"deviceId": self.device_id, "deviceType": "appletv", "ttl": "1800"})

    def authenticate(self, code):
        return self.call("GET", f"/api/v1/authenticate/{code}", f"/authenticate/{code}",
                         params={"requestor": self.requestor})

    def authentication_token(self):
        return self.call("GET", "/api/v1/tokens/authn", "/tokens/authn", params=self.device())

    def authorize(self, resource):
        return self.call("GET", "/api/v1/authorize", "/authorize", params=self.device(resource=resource))

    def media_token(self, resource):
        return self.call("GET", "/api/v1/mediatoken", "/mediatoken", params=self.device(resource=resource))

    def user_metadata(self):
        return self.call("GET", "/api/v1/tokens/usermetadata", "/tokens/usermetadata", params=self.device())

    def logout(self):
        # As legacy clients send it: the device only, no requestor.
        return self.call("DELETE", "/api/v1/logout", "/logout", params={"deviceId": self.device_id})
