"""What the browser scripts share: one line per check, and the first failure ends the script;
a page opened in headless Chromium in each colour scheme."""

import sys

from playwright.sync_api import sync_playwright


def check(condition, message):
    """Prints "ok: MESSAGE" when `condition` holds; else "FAIL: MESSAGE", and exits with status 1."""
    if not condition:
        print("FAIL: " + message, flush=True)
        sys.exit(1)
    print("ok: " + message, flush=True)


def in_each_scheme(url):
    """Opens `url` in headless Chromium in the light, then the dark colour scheme, each in a
    context of its own; yields (scheme, page) for each."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            context = browser.new_context(color_scheme=scheme)
            page = context.new_page()
            page.goto(url)
            yield scheme, page
            context.close()
        browser.close()
