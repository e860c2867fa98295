#!/usr/bin/env python3
"""An open page follows a change made by someone else: headless Chromium, driven by Playwright,
against a running `wikisite serve`.

Usage: follow_edit.py PAGE_URL TEXT
  Opens PAGE_URL, prints "opened" (the caller then changes the page's document), and waits for
  TEXT to appear in the page without reloading it from here.

Each check prints one line; the first failure ends the script with exit status 1.
"""

import sys

from checks import check
from playwright.sync_api import sync_playwright

WAIT_MS = 120_000  # generous: only ends a run that would otherwise hang


def main(page_url, text):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(page_url)
        check(text not in page.inner_text("body"), "the page does not show the new text yet")
        page.evaluate("window.marker = 'before'")
        print("opened", flush=True)
        page.wait_for_function("text => document.body.innerText.includes(text)", arg=text, timeout=WAIT_MS)
        check(page.evaluate("window.marker") == "before", "the page shows the new text, updated in place by itself")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
