"""The second screen in a real browser.

Starts `tvsim serve --port 0`, makes registration codes through REST API V2 as a TV app would
(DCR register with the software statement, token, POST /sessions), and drives headless Chromium
through the activation site and the mock MVPD's sign-in page using the keyboard only: Tab,
typing, arrow keys and Enter on the focused element, never a click. Every page visited passes an
accessibility check (lang, title, a label for every field) and is saved as a screenshot.

Environment:
  TVSIM_BINARY      the tvsim executable (default .build/debug/tvsim)
  TVSIM_BROWSER_OUT where screenshots, page sources and the serve log go (default .build/browser-test)
  CHROMIUM          the browser (default /usr/bin/chromium)
  CHROMEDRIVER      the driver (default /usr/bin/chromedriver)
"""

import base64
import functools
import json
import os
import re
import shutil
import subprocess
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import headless

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("TVSIM_BINARY", os.path.join(ROOT, ".build", "debug", "tvsim"))
OUT = os.environ.get("TVSIM_BROWSER_OUT", os.path.join(ROOT, ".build", "browser-test"))

# A phone, as a second screen usually is (CSS pixels, emulated: a headless window cannot be that narrow).
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}

APPLE_TV = {
    "primaryHardwareType": "SetTopBox",
    "model": "AppleTV",
    "version": "14,1",
    "manufacturer": "Apple",
    "vendor": "Apple",
    "osName": "tvOS",
    "osFamily": "tvOS",
    "osVendor": "Apple",
    "osVersion": "18.2",
    "displayWidth": 3840,
    "displayHeight": 2160,
    "connectionType": "LAN",
}

# Run in the page: what a browser user relying on assistive technology would miss.
ACCESSIBILITY_CHECK = """
const problems = [];
const html = document.documentElement;
if (!(html.getAttribute('lang') || '').trim()) problems.push('<html> has no lang');
if (!document.title.trim()) problems.push('the page has no <title>');
if (document.querySelectorAll('h1').length !== 1) problems.push('the page should have exactly one <h1>');
const named = (el) => {
  const aria = (el.getAttribute('aria-label') || '').trim();
  if (aria) return true;
  const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
  if (by.some((id) => (document.getElementById(id)?.textContent || '').trim())) return true;
  if (el.id) {
    for (const label of document.querySelectorAll('label')) {
      if (label.htmlFor === el.id && label.textContent.trim()) return true;
    }
  }
  const wrapping = el.closest('label');
  return !!(wrapping && wrapping.textContent.trim());
};
for (const el of document.querySelectorAll('input, select, textarea')) {
  const type = (el.getAttribute('type') || '').toLowerCase();
  if (type === 'hidden' || type === 'submit' || type === 'button') continue;
  if (!named(el)) problems.push(`${el.tagName.toLowerCase()} name=${el.name} has no label`);
}
for (const el of document.querySelectorAll('button, a[href], summary')) {
  if (!(el.textContent || '').trim() && !(el.getAttribute('aria-label') || '').trim())
    problems.push(`${el.tagName.toLowerCase()} has no text`);
}
for (const el of document.querySelectorAll('img')) {
  if (!el.hasAttribute('alt')) problems.push('img has no alt');
}
const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
for (const id of new Set(ids)) {
  if (ids.filter((other) => other === id).length > 1) problems.push(`id ${id} is used twice`);
}
return problems;
"""

# Run in the page: content wider than the screen (a horizontal scroll bar on a phone), and the
# card's margins.
LAYOUT_CHECK = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const el of document.querySelectorAll('body *')) {
  const box = el.getBoundingClientRect();
  if (box.width > 0 && (box.right > width + 1 || box.left < -1))
    wide.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} ${Math.round(box.left)}..${Math.round(box.right)}`);
}
const card = document.querySelector('main').getBoundingClientRect();
return {scrollWidth: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 5),
        left: card.left, right: width - card.right};
"""


class Server:
    """`tvsim serve --port 0`, its log in OUT/serve.log."""

    def __init__(self):
        self.log_path = os.path.join(OUT, "serve.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0"], stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 30
        self.base = None
        while self.base is None:
            if self.process.poll() is not None:
                raise RuntimeError(f"tvsim serve exited with {self.process.returncode}: {self.log_text()}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"tvsim serve did not say where it listens: {self.log_text()}")
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.log_text())
            if found:
                self.base = found.group(1)
            else:
                time.sleep(0.05)

    def log_text(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode("utf-8", "replace")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def request(self, method, path, headers=None, body=None, expect=(200,)):
        data = body.encode() if isinstance(body, str) else body
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        if status not in expect:
            raise AssertionError(f"{method} {path}: {status} {text}")
        return json.loads(text) if text else None


class TV:
    """A TV app of one requestor: registered, with a token, on its own device."""

    def __init__(self, server, requestor, statement, device):
        self.server = server
        self.requestor = requestor
        info = dict(APPLE_TV, applicationId=requestor)
        self.device_info = base64.b64encode(json.dumps(info, sort_keys=True).encode()).decode()
        client = server.request(
            "POST",
            "/o/client/register",
            {"Content-Type": "application/json", "X-Device-Info": self.device_info},
            json.dumps({"software_statement": statement}),
            expect=(201,),
        )
        token = server.request(
            "POST",
            "/o/client/token",
            {"Content-Type": "application/x-www-form-urlencoded", "X-Device-Info": self.device_info},
            urllib.parse.urlencode(
                {
                    "grant_type": "client_credentials",
                    "client_id": client["client_id"],
                    "client_secret": client["client_secret"],
                }
            ),
            expect=(201,),
        )
        self.headers = {
            "Authorization": f"Bearer {token['access_token']}",
            "AP-Device-Identifier": "fingerprint " + base64.b64encode(device.encode()).decode(),
            "X-Device-Info": self.device_info,
        }

    def new_code(self, mvpd=None):
        form = urllib.parse.urlencode({"mvpd": mvpd} if mvpd else {})
        headers = dict(self.headers, **{"Content-Type": "application/x-www-form-urlencoded"})
        session = self.server.request("POST", f"/api/v2/{self.requestor}/sessions", headers, form, expect=(200, 201))
        return session["code"]

    def profiles_for_code(self, code):
        """What the TV's poll of the code answers: {mvpd: profile}."""
        return self.server.request("GET", f"/api/v2/{self.requestor}/profiles/code/{code}", self.headers)["profiles"]


def keeps_evidence(test):
    """On failure, saves the browser's current page as failure-<test>.png/.html before re-raising."""

    @functools.wraps(test)
    def run(self):
        try:
            test(self)
        except BaseException:
            name = f"failure-{test.__name__}"
            try:
                self.browser.save_screenshot(os.path.join(OUT, name + ".png"))
                with open(os.path.join(OUT, name + ".html"), "w") as page:
                    page.write(self.browser.page_source)
            except Exception:  # The browser itself may be what failed.
                pass
            raise

    return run


class SecondScreenTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        shutil.rmtree(OUT, ignore_errors=True)
        os.makedirs(OUT)
        cls.server = Server()
        try:
            cls.info = cls.server.request("GET", "/__tvsim/info")
            cls.browser = cls.start_browser()
        except BaseException:
            cls.server.stop()
            raise
        cls.shots = 0
        requestor = next(r for r in cls.info["requestors"] if r["id"] == "ORBIT")
        cls.requestor = requestor

    @classmethod
    def tearDownClass(cls):
        try:
            cls.browser.quit()
        finally:
            cls.server.stop()

    @staticmethod
    def start_browser():
        browser = headless.start(OUT, "800,900", "--lang=en-US")
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        return browser

    def setUp(self):
        self.browser.delete_all_cookies()
        # A TV of its own for each test, so no profile of another test answers for it.
        self.tv = TV(self.server, self.requestor["id"], self.requestor["softwareStatement"], self.id())

    # MARK: Helpers

    def open(self, path):
        self.browser.get(self.server.base + path)
        self.wait_for_page()

    def wait_for_page(self):
        WebDriverWait(self.browser, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")

    def page(self, name):
        """Checks the page a user now sees and saves it as NN-name.png."""
        self.wait_for_page()
        problems = self.browser.execute_script(ACCESSIBILITY_CHECK)
        self.assertEqual(problems, [], f"accessibility of {name} ({self.browser.current_url})")
        layout = self.browser.execute_script(LAYOUT_CHECK)
        self.assertLessEqual(layout["scrollWidth"], layout["width"], f"{name} is wider than a phone: {layout['wide']}")
        self.assertGreaterEqual(min(layout["left"], layout["right"]), 8, f"{name}: the card touches the screen's edge")
        type(self).shots += 1
        path = os.path.join(OUT, f"{type(self).shots:02d}-{name}.png")
        # The whole page, not only the screen: the demo accounts may run below the fold.
        shot = self.browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def active(self):
        return self.browser.switch_to.active_element

    def describe(self, element):
        return self.browser.execute_script(
            "const e = arguments[0]; return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + "
            "(e.textContent || '').trim().slice(0, 30)",
            element,
        )

    def tab_to(self, matches, what, limit=12, backwards=False):
        """The focused element if `matches(element)`, else presses Tab (Shift-Tab) on the focused
        element until it does; fails after `limit` presses."""
        element = self.active()
        seen = [self.describe(element)]
        for _ in range(limit):
            if matches(element):
                return element
            element.send_keys(Keys.SHIFT, Keys.TAB) if backwards else element.send_keys(Keys.TAB)
            element = self.active()
            seen.append(self.describe(element))
        self.fail(f"Tab never reached {what}; focus went through {seen}")

    def tab_to_id(self, element_id):
        """Tab, or Shift-Tab when the field comes before the focused element, up to the field."""
        target = self.browser.find_element(By.ID, element_id)
        backwards = self.browser.execute_script(
            "return !!(arguments[0].compareDocumentPosition(arguments[1]) & Node.DOCUMENT_POSITION_PRECEDING)",
            self.active(),
            target,
        )
        return self.tab_to(lambda e: e.get_attribute("id") == element_id, f"#{element_id}", backwards=backwards)

    def tab_to_text(self, tag, label):
        return self.tab_to(lambda e: e.tag_name == tag and e.text.strip() == label, f"the {tag} {label!r}")

    def assert_focused(self, element_id):
        """The page opened with the cursor where the user types, without a key pressed."""
        self.assertEqual(self.active().get_attribute("id"), element_id, self.describe(self.active()))

    def type_into(self, element_id, text):
        """Tabs to a field, clears what is there with the keyboard, types `text`."""
        field = self.tab_to_id(element_id)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.DELETE)
        field.send_keys(text)
        return field

    def submit_with_enter(self, element, leaving):
        """Presses Enter on `element` and waits until the browser has left the page `leaving`."""
        old = self.browser.find_element(By.TAG_NAME, "html")
        element.send_keys(Keys.ENTER)
        try:
            WebDriverWait(self.browser, 10).until(lambda b: not self.is_attached(old))
        except TimeoutException:
            self.fail(f"Enter on {leaving} did not submit the form")
        self.wait_for_page()

    def is_attached(self, element):
        try:
            element.is_enabled()
            return True
        except Exception:
            return False

    def text(self, element_id):
        return self.browser.find_element(By.ID, element_id).text

    def choose_with_arrows(self, select, value):
        """Moves a focused <select> to `value` with the arrow keys."""
        options = self.browser.execute_script("return [...arguments[0].options].map((o) => o.value)", select)
        self.assertIn(value, options)
        for _ in range(len(options) + 1):
            if select.get_attribute("value") == value:
                return
            key = Keys.ARROW_DOWN if options.index(value) > options.index(select.get_attribute("value")) else Keys.ARROW_UP
            select.send_keys(key)
        self.fail(f"the arrow keys never selected {value}")

    def persona(self, mvpd):
        """A persona who can sign in at `mvpd`: demo if there, else the first one not expired."""
        names = next(m for m in self.info["mvpds"] if m["id"] == mvpd)["personas"]
        hints = [p for p in self.info["personas"] if p["username"] in names and p["scope"] in ("default", mvpd)]
        live = [p for p in hints if not p["expired"]]
        return next((p for p in live if p["username"] == "demo"), live[0])

    def sign_in_provider(self):
        """An MVPD of ORBIT the activation site offers whose login page works."""
        usable = [
            m
            for m in self.info["mvpds"]
            if m["integrationEnabled"]
            and m["identityProviderAvailable"]
            and not m["isTempPass"]
            and m.get("degradation") is None
            and "demo" in m["personas"]
        ]
        preferred = next((m for m in usable if m["id"] == "Meridian"), usable[0])
        return preferred

    def sign_in(self, mvpd_name, username, password):
        """On the MVPD's page: checks it, fills it with the keyboard, presses Enter."""
        self.assertTrue(self.browser.current_url.startswith(self.server.base + "/idp/"), self.browser.current_url)
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, f"Sign in to {mvpd_name}")
        self.type_into("username", username)
        field = self.type_into("password", password)
        self.submit_with_enter(field, "the sign-in page")

    # MARK: Tests

    @keeps_evidence
    def test_1_activation_and_sign_in_with_the_keyboard_only(self):
        mvpd = self.sign_in_provider()
        persona = self.persona(mvpd["id"])
        code = self.tv.new_code()
        self.assertEqual(self.tv.profiles_for_code(code), {})

        self.open("/activate")
        self.assertEqual(self.browser.title, "Activate your device")
        self.assert_focused("code")
        self.page("activate")
        field = self.type_into("code", f"{code[:3].lower()} {code[3:].lower()}")
        self.page("activate-typed")
        self.submit_with_enter(field, "the activation page")

        self.assertEqual(self.browser.current_url, f"{self.server.base}/activate/{code}/provider")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, "Choose your TV provider")
        self.assertIn(code, self.browser.find_element(By.TAG_NAME, "main").text)
        self.assert_focused("mvpd")
        self.page("provider")
        select = self.tab_to_id("mvpd")
        self.choose_with_arrows(select, mvpd["id"])
        self.page("provider-chosen")
        self.submit_with_enter(self.tab_to_text("button", "Continue"), "the provider page")

        self.assert_focused("username")
        self.page("mvpd-sign-in")
        self.sign_in(mvpd["displayName"], persona["username"], persona["password"])

        self.assertEqual(self.browser.current_url, f"{self.server.base}/activate/{code}/done")
        self.assertEqual(self.text("success"), "You're signed in")
        self.assertIn(mvpd["displayName"], self.browser.find_element(By.TAG_NAME, "main").text)
        self.page("signed-in")

        profiles = self.tv.profiles_for_code(code)
        self.assertEqual(list(profiles), [mvpd["id"]], profiles)
        self.assertEqual(profiles[mvpd["id"]]["type"], "regular")

    @keeps_evidence
    def test_2_a_wrong_code_is_refused_on_the_page(self):
        self.open("/activate")
        field = self.type_into("code", "NOPE123")
        self.submit_with_enter(field, "the activation page")
        self.assertEqual(self.browser.current_url, f"{self.server.base}/activate")
        self.assertEqual(self.text("error"), "That code is not valid. Check the code on your TV.")
        self.assertEqual(self.browser.find_element(By.ID, "code").get_attribute("value"), "NOPE123")
        self.page("wrong-code")

    @keeps_evidence
    def test_3_an_expired_code_is_explained(self):
        code = self.tv.new_code()
        expired = self.server.request(
            "POST", "/__tvsim/state/codes/expire", {"Content-Type": "application/json"}, "{}"
        )["expired"]
        self.assertGreaterEqual(expired, 1)
        self.open(f"/activate?code={code}")
        # The code is already in the field, as from a QR code's link: Tab to it, then Enter.
        field = self.tab_to_id("code")
        self.assertEqual(field.get_attribute("value"), code)
        self.submit_with_enter(field, "the activation page")
        self.assertEqual(self.text("error"), "That code has expired. Get a new code on your TV.")
        self.page("expired-code")
        # A page of the code itself says so too, in words.
        self.open(f"/activate/{code}/provider")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, "Code not valid")
        self.assertIn("expired", self.text("error"))
        self.page("expired-code-provider")
        # Not a dead end: its link leads back to the code form.
        self.submit_with_enter(self.tab_to_text("a", "Enter a code"), "the error page")
        self.assertEqual(self.browser.current_url, f"{self.server.base}/activate")
        self.assert_focused("code")

    @keeps_evidence
    def test_4_a_wrong_password_stays_on_the_sign_in_form(self):
        mvpd = self.sign_in_provider()
        persona = self.persona(mvpd["id"])
        code = self.tv.new_code(mvpd=mvpd["id"])
        self.open("/activate")
        self.submit_with_enter(self.type_into("code", code), "the activation page")
        # The TV chose the provider: straight to its sign-in.
        self.sign_in(mvpd["displayName"], persona["username"], persona["password"] + "-wrong")
        self.assertEqual(self.text("error"), "The user ID or password is incorrect.")
        self.assertEqual(self.browser.find_element(By.ID, "username").get_attribute("value"), persona["username"])
        self.assertEqual(self.browser.find_element(By.ID, "password").get_attribute("value"), "")
        self.assert_focused("password")
        self.page("wrong-password")
        # The demo accounts open with the keyboard too; then back up to the form.
        summary = self.tab_to_text("summary", "Demo accounts")
        summary.send_keys(Keys.ENTER)
        self.assertIsNotNone(self.browser.find_element(By.TAG_NAME, "details").get_attribute("open"))
        self.assertIn(persona["username"], self.browser.find_element(By.TAG_NAME, "table").text)
        self.page("demo-accounts")
        self.tab_to_id("password")
        self.assertEqual(self.tv.profiles_for_code(code), {})
        # The right password on the same form still works.
        self.sign_in(mvpd["displayName"], persona["username"], persona["password"])
        self.assertEqual(self.text("success"), "You're signed in")
        self.assertIn(mvpd["id"], self.tv.profiles_for_code(code))

    @keeps_evidence
    def test_5_the_apps_own_sign_in_on_a_second_screen(self):
        mvpd = self.sign_in_provider()
        persona = self.persona(mvpd["id"])
        requestor = self.requestor["id"]
        grant = self.server.request(
            "POST",
            f"/custom-idp/{requestor}/device/code",
            {"Content-Type": "application/x-www-form-urlencoded"},
            "deviceId=living-room-tv",
        )
        self.open(f"/custom-idp/{requestor}/device")
        self.assert_focused("user_code")
        self.page("app-device")
        self.submit_with_enter(self.type_into("user_code", grant["user_code"]), "the app's code page")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, f"Sign in to {self.requestor['name']}")
        self.assert_focused("provider")
        self.page("app-sign-in")
        self.choose_with_arrows(self.tab_to_id("provider"), mvpd["id"])
        self.type_into("username", persona["username"])
        field = self.type_into("password", persona["password"])
        self.submit_with_enter(field, "the app's sign-in page")
        self.assertEqual(self.text("success"), "You're signed in")
        self.assertIn(mvpd["displayName"], self.browser.find_element(By.TAG_NAME, "main").text)
        self.page("app-signed-in")

    @keeps_evidence
    def test_6_the_activation_site_speaks_the_browsers_language(self):
        """A browser set to Traditional Chinese (Taiwan) gets the pages in zh-Hant, start to end."""
        with open(os.path.join(ROOT, "Sources", "Localization", "Strings", "zh-Hant.json"), encoding="utf-8") as file:
            strings = json.load(file)
        self.browser.execute_cdp_cmd("Network.enable", {})
        self.browser.execute_cdp_cmd(
            "Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"}}
        )
        try:
            mvpd = self.sign_in_provider()
            persona = self.persona(mvpd["id"])
            self.open("/activate")
            self.assertEqual(self.browser.title, strings["page.activate.title"])
            self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "zh-Hant")
            self.submit_with_enter(self.type_into("code", "NOPE123"), "the activation page")
            self.assertEqual(self.text("error"), strings["page.codeNotValid"])
            self.page("zh-Hant-wrong-code")

            code = self.tv.new_code()
            self.open(f"/activate?code={code}")
            self.submit_with_enter(self.browser.find_element(By.ID, "code"), "the activation page")
            self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, strings["page.chooseProvider"])
            self.page("zh-Hant-provider")
            self.choose_with_arrows(self.tab_to_id("mvpd"), mvpd["id"])
            self.submit_with_enter(self.tab_to_text("button", strings["page.continue"]), "the provider page")
            heading = strings["page.signInTo"].replace("{provider}", mvpd["displayName"])
            self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, heading)
            self.page("zh-Hant-mvpd-sign-in")
            self.type_into("username", persona["username"])
            self.submit_with_enter(self.type_into("password", persona["password"]), "the sign-in page")
            self.assertEqual(self.text("success"), strings["page.signedIn"])
            self.page("zh-Hant-signed-in")
            self.assertEqual(list(self.tv.profiles_for_code(code)), [mvpd["id"]])
        finally:
            self.browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})


if __name__ == "__main__":
    unittest.main(verbosity=2)
