"""The sequence diagrams' SVG in a real browser.

Prints the SVG of a REST API V2, a V1, an SDK and an own identity provider scenario with
`tvsim scenarios show NAME --sequence svg`, opens each file in headless Chromium with the light and
the dark colour scheme, and checks what a presenter would see: one SVG document with every lane
named, nothing fetched from anywhere, the page's colours following the scheme, and every label
inside the drawing. A screenshot of each goes to $TVSIM_BROWSER_OUT/sequence/.

Environment: as test_second_screen.py (TVSIM_BINARY, TVSIM_BROWSER_OUT, CHROMIUM, CHROMEDRIVER).
"""

import os
import shutil
import subprocess
import unittest

import headless

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("TVSIM_BINARY", os.path.join(ROOT, ".build", "debug", "tvsim"))
OUT = os.path.join(os.environ.get("TVSIM_BROWSER_OUT", os.path.join(ROOT, ".build", "browser-test")), "sequence")

SCENARIOS = {
    "rest-v2-ios-apple-sso": ["User", "App", "TV Provider framework", "Adobe Pass", "MVPD"],
    "rest-v1-tvos-apple-sso": ["User", "App", "TV Provider framework", "Adobe Pass", "MVPD"],
    "sdk-ios-apple-sso": ["User", "App", "TV Provider framework", "Adobe Pass", "MVPD"],
    "custom-idp-tvos-apple-sso": ["User", "App", "TV Provider framework", "MVPD", "Own IdP"],
}

# Run in the page: the drawing as the browser laid it out.
MEASURE = """
const svg = document.documentElement;
const box = svg.getBBox();
const texts = [...document.querySelectorAll('text')];
const outside = texts.filter((t) => {
  const b = t.getBBox();
  return b.x < 0 || b.y < 0 || b.x + b.width > svg.width.baseVal.value + 1 || b.y + b.height > svg.height.baseVal.value + 1;
}).map((t) => t.textContent);
return {
  root: svg.tagName,
  width: svg.width.baseVal.value,
  height: svg.height.baseVal.value,
  drawn: box.width * box.height,
  names: [...document.querySelectorAll('text.party-name')].map((t) => t.textContent),
  outside: outside,
  paper: getComputedStyle(document.querySelector('rect.paper')).fill,
  ink: getComputedStyle(document.querySelector('text.party-name')).fill,
  fetched: performance.getEntriesByType('resource').map((r) => r.name),
  scripts: document.querySelectorAll('script').length,
};
"""


class SequenceSVGTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        shutil.rmtree(OUT, ignore_errors=True)
        os.makedirs(OUT)
        cls.browser = headless.start(OUT, "1300,1000")

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()

    def draw(self, name):
        path = os.path.join(OUT, name + ".svg")
        with open(path, "w") as file:
            subprocess.run(
                [BINARY, "scenarios", "show", name, "--sequence", "svg"],
                stdout=file, check=True, timeout=60, env={**os.environ, "LC_ALL": "C.UTF-8"})
        return path

    def look(self, path, scheme):
        self.browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        self.browser.get("file://" + path)
        page = self.browser.execute_script(MEASURE)
        # The whole drawing in one screenshot, at its own size.
        self.browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": int(page["width"]), "height": int(page["height"]), "deviceScaleFactor": 1, "mobile": False})
        self.browser.save_screenshot(path[:-len(".svg")] + f"-{scheme}.png")
        self.browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        return page

    def test_every_flow_reads_in_light_and_dark(self):
        for name, lanes in SCENARIOS.items():
            with self.subTest(name):
                path = self.draw(name)
                light = self.look(path, "light")
                dark = self.look(path, "dark")
                for page in (light, dark):
                    self.assertEqual(page["root"], "svg")
                    self.assertEqual(page["names"], lanes)
                    self.assertGreater(page["drawn"], 500 * 500)
                    self.assertEqual(page["outside"], [], "labels drawn outside the picture")
                    self.assertEqual(page["fetched"], [], "an SVG for slides fetches nothing")
                    self.assertEqual(page["scripts"], 0)
                self.assertNotEqual(light["paper"], dark["paper"], "the paper follows the scheme")
                self.assertNotEqual(light["ink"], dark["ink"], "the ink follows the scheme")
                self.assertNotEqual(dark["paper"], dark["ink"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
