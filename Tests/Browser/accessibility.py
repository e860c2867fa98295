#!/usr/bin/env python3
"""Every page of a built site checked with axe-core in headless Chromium, light and dark.

Usage: accessibility.py SITE_FOLDER
       accessibility.py URL...
  Opens each HTML file below SITE_FOLDER from file:// (or each URL, such as pages a preview
  server makes) in both colour schemes, runs axe-core (axe-playwright-python, which ships it)
  and prints one line per violation:
    FAIL: <scheme> <page> <rule> (<impact>): <first element> - <what to fix>
  then "checked N pages in 2 colour schemes". Exit status 1 when there is any violation.
  A redirect page (an alias's, which its script or a <meta http-equiv="refresh"> moves on from
  at once) is checked as it is, its HTML set on a blank page where its relative link leads
  nowhere, without its script.
"""

import pathlib
import re
import sys
from urllib.parse import urlparse
from urllib.request import url2pathname

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright


def violations(page, axe):
    result = axe.run(page)
    return result.response["violations"]


def open_page(page, url):
    """Opens `url`; a local redirect page without following its redirect."""
    if url.startswith("file://"):
        html = pathlib.Path(url2pathname(urlparse(url).path)).read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in html:
            page.goto("about:blank")
            page.set_content(re.sub(r"<script>[^<]*</script>", "", html))
            return
    page.goto(url)


def pages(arguments):
    """The pages to check, each as (name, URL)."""
    if arguments[0].startswith(("http://", "https://")):
        return [(url, url) for url in arguments]
    root = pathlib.Path(arguments[0]).resolve()
    return [(str(file.relative_to(root)), file.as_uri()) for file in sorted(root.rglob("*.html"))]


def main(arguments):
    checked = pages(arguments)
    if not checked:
        print(f"FAIL: no HTML file below {arguments[0]}", flush=True)
        sys.exit(1)
    axe = Axe()
    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
            page = context.new_page()
            for name, url in checked:
                open_page(page, url)
                for violation in violations(page, axe):
                    failures += 1
                    node = violation["nodes"][0]
                    summary = " ".join(node.get("failureSummary", "").split())
                    print(
                        f"FAIL: {scheme} {name} {violation['id']} ({violation['impact']}): "
                        f"{node['target']} - {summary}",
                        flush=True,
                    )
            context.close()
        browser.close()
    print(f"checked {len(checked)} pages in 2 colour schemes", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
