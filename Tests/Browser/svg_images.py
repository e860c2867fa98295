#!/usr/bin/env python3
"""SVG images as Chromium shows them: drawn, and running nothing.

Usage: svg_images.py PAGE_FILE
  Opens PAGE_FILE, then each of its images whose file ends in .svg on its own, and checks:
    - every such image on the page is loaded and has a size (naturalWidth > 0);
    - no dialog (alert) opened, on the page or on the image opened as a document.
  Each check prints one line, "ok: …" or "FAIL: …"; exit status 1 when any failed.
"""

import pathlib
import sys

from playwright.sync_api import sync_playwright

IMAGES = """() => [...document.querySelectorAll("img")]
  .filter((image) => image.src.endsWith(".svg"))
  .map((image) => ({ src: image.src, complete: image.complete, width: image.naturalWidth }))"""

failures = 0
dialogs = []


def check(condition, message):
    global failures
    if not condition:
        failures += 1
    print(("ok: " if condition else "FAIL: ") + message, flush=True)


def main():
    page_url = pathlib.Path(sys.argv[1]).resolve().as_uri()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(page_url, wait_until="load")
        images = page.evaluate(IMAGES)
        check(len(images) > 0, f"the page shows {len(images)} SVG image(s)")
        for image in images:
            name = image["src"].rsplit("/", 1)[-1]
            check(image["complete"] and image["width"] > 0, f"the image {name} is drawn ({image['width']} px wide)")
            page.goto(image["src"], wait_until="load")
        check(not dialogs, f"no dialog opened ({dialogs})")
        browser.close()
    sys.exit(1 if failures else 0)


main()
