#!/usr/bin/env python3
"""A draft's banner in a real browser: headless Chromium, driven by Playwright, against a running
`wikisite serve --drafts`.

Usage: draft_banner.py DRAFT_URL PAGE_URL
  DRAFT_URL  a draft's page: it must show the "Draft" banner, visible, in both colour schemes
  PAGE_URL   a published page: it must show no banner

Each check prints one line; the first failure ends the script with exit status 1.
"""

import sys

from checks import check
from playwright.sync_api import sync_playwright


def main(draft_url, page_url):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(draft_url)
            banner = page.get_by_role("note")
            check(banner.count() == 1, f"{scheme}: the draft has one banner, a note")
            check(banner.is_visible(), f"{scheme}: the banner is visible")
            check(banner.inner_text().startswith("Draft"), f"{scheme}: the banner says Draft")
            box = banner.bounding_box()
            check(box is not None and box["y"] < 900, f"{scheme}: the banner is in the first screen")
            colours = banner.evaluate(
                "element => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]"
            )
            check(colours[0] != colours[1], f"{scheme}: the banner's text and background differ ({colours})")
            page.goto(page_url)
            check(page.locator(".draft-banner").count() == 0, f"{scheme}: a published page has no banner")
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
