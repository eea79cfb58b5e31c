"""The user agent part of REST API V2 sign-in, done the way a browser without JavaScript does it:
open the session's authentication URL, follow redirects, fill the MVPD's sign-in form with the
persona's credentials, submit it, and stop where the redirects leave the server (the app's
redirectUrl, which only the app's own domain serves).
"""

from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import requests

# Enough for the redirect hops, the sign-in form and the way back; a loop ends in an error.
MAX_STEPS = 12
TIMEOUT_SECONDS = 10


class SignInError(AssertionError):
    pass


class Form:
    def __init__(self, action, method):
        self.action = action
        self.method = method.lower()
        self.inputs = []  # (name, type, value) in document order

    def filled(self, username, password):
        """The fields a browser submits once a person types the credentials."""
        fields = {}
        for name, kind, value in self.inputs:
            if kind == "password":
                fields[name] = password
            elif kind in ("text", "email"):
                fields[name] = username
            elif kind not in ("submit", "button", "checkbox", "radio", "image", "reset"):
                fields[name] = value
        return fields

    def asks_for_credentials(self):
        return any(kind == "password" for _, kind, _ in self.inputs)


class FormParser(HTMLParser):
    """Collects the forms of a page with their named inputs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms = []
        self.current = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.current = Form(attributes.get("action") or "", attributes.get("method") or "get")
            self.forms.append(self.current)
        elif tag == "input" and self.current is not None and attributes.get("name"):
            kind = (attributes.get("type") or "text").lower()
            self.current.inputs.append((attributes["name"], kind, attributes.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def forms_of(html):
    parser = FormParser()
    parser.feed(html)
    parser.close()
    return parser.forms


def origin(url):
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


def sign_in(authentication_url, username, password):
    """Goes through the sign-in that starts at authentication_url and returns the URL outside the
    server where it ends (not fetched: nothing but the server under test is contacted)."""
    browser = requests.Session()
    response = browser.get(authentication_url, allow_redirects=False, timeout=TIMEOUT_SECONDS)
    visited = [authentication_url]
    for _ in range(MAX_STEPS):
        if response.is_redirect:
            target = urljoin(response.url, response.headers["Location"])
            if origin(target) != origin(authentication_url):
                return target
            response = browser.get(target, allow_redirects=False, timeout=TIMEOUT_SECONDS)
        else:
            response = submit_sign_in_form(browser, response, username, password)
        visited.append(response.url)
    raise SignInError("sign-in did not leave the server after these pages:\n" + "\n".join(visited))


def submit_sign_in_form(browser, page, username, password):
    if page.status_code != 200:
        raise SignInError(f"{page.url} answered {page.status_code}: {page.text[:500]}")
    forms = [form for form in forms_of(page.text) if form.asks_for_credentials()]
    if not forms:
        raise SignInError(f"{page.url} has no sign-in form: {page.text[:500]}")
    form = forms[0]
    target = urljoin(page.url, form.action)
    fields = form.filled(username, password)
    if form.method == "post":
        return browser.post(target, data=fields, allow_redirects=False, timeout=TIMEOUT_SECONDS)
    return browser.get(target, params=fields, allow_redirects=False, timeout=TIMEOUT_SECONDS)
