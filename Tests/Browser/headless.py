"""Headless Chromium for the browser tests: the Debian browser and driver, never ones Selenium
Manager would fetch (there is no network here but package registries)."""

import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def start(log_folder, window_size, *extra):
    """A headless Chromium with a window of `window_size` ("800,900"), its driver's log in
    `log_folder`; `extra` arguments go on its command line."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                     "--disable-extensions", f"--window-size={window_size}", *extra):
        options.add_argument(argument)
    service = Service(executable_path=CHROMEDRIVER, log_output=os.path.join(log_folder, "chromedriver.log"))
    browser = webdriver.Chrome(service=service, options=options)
    browser.set_page_load_timeout(20)
    return browser
