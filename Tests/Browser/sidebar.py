#!/usr/bin/env python3
"""The folder sidebar as Chromium shows it, at desktop and phone widths, light and dark.

Usage: sidebar.py SITE_FOLDER PAGE_FILE EXPECTED_JSON
  SITE_FOLDER is the built site; PAGE_FILE a note's file below it; EXPECTED_JSON an object:
    "entries": the sidebar's links shown on PAGE_FILE, in order, each [text, file below
               SITE_FOLDER it leads to] (the note's folders open, the others closed);
    "current": the text of the entry marked as the current page;
    "follow":  [text, file] of an entry to follow, which must open that file, marked there.
  At 1280×800 the tree shows beside the page; at 390×844 it shows once its toggle is pressed.
  axe-core checks each page, with the sidebar shown, in both colour schemes.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends with status 1.
"""

import json
import pathlib
import sys
from urllib.parse import unquote, urlparse

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

from checks import check

SHOWN = """() => {
  const nav = document.querySelector("nav.sidebar");
  const toggle = nav && nav.querySelector(".sidebar-toggle");
  return {
    navShown: !!nav && nav.checkVisibility(),
    toggleShown: !!toggle && toggle.checkVisibility(),
    toggleExpanded: toggle ? toggle.getAttribute("aria-expanded") : null,
    entries: nav ? [...nav.querySelectorAll("a")].filter((a) => a.checkVisibility())
      .map((a) => [a.textContent, a.href]) : [],
    current: nav ? [...nav.querySelectorAll("a[aria-current=page]")].map((a) => a.textContent) : [],
  };
}"""

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def relative(url, root):
    """The file below `root` a file:// URL leads to, or the URL itself when it leads elsewhere."""
    path = pathlib.Path(unquote(urlparse(url).path))
    try:
        return str(path.relative_to(root))
    except ValueError:
        return url


def entries(facts, root):
    return [[text, relative(href, root)] for text, href in facts["entries"]]


def check_axe(page, axe, name):
    found = axe.run(page).response["violations"]
    details = "; ".join(f"{v['id']}: {v['nodes'][0]['target']}" for v in found)
    check(not found, f"{name}: axe-core finds no violation {details}")


def check_page(page, root, expected, name):
    facts = page.evaluate(SHOWN)
    check(facts["navShown"], f"{name}: the sidebar is shown")
    check(entries(facts, root) == expected["entries"], f"{name}: its entries are {expected['entries']}: "
          f"{entries(facts, root)}")
    check(facts["current"] == [expected["current"]], f"{name}: {expected['current']} is marked the current page")


def check_follow(page, root, expected, name):
    text, file = expected["follow"]
    page.locator("nav.sidebar").get_by_role("link", name=text, exact=True).click()
    page.wait_for_load_state()
    check(relative(page.url, root) == file, f"{name}: following {text} opens {file} ({page.url})")
    current = page.evaluate(SHOWN)["current"]
    check(current == [text], f"{name}: there {text} is marked the current page ({current})")


def main(site, page_file, expected_json):
    root = pathlib.Path(site).resolve()
    expected = json.loads(expected_json)
    url = (root / page_file).as_uri()
    axe = Axe()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            for width, viewport in VIEWPORTS.items():
                name = f"{scheme} {width}"
                context = browser.new_context(color_scheme=scheme, viewport=viewport)
                page = context.new_page()
                page.goto(url)
                if width == "phone":
                    facts = page.evaluate(SHOWN)
                    check(facts["toggleShown"] and facts["toggleExpanded"] == "false",
                          f"{name}: the tree is behind a collapsed toggle")
                    check(facts["entries"] == [], f"{name}: no entry shows before the toggle is pressed")
                    page.locator("nav.sidebar .sidebar-toggle").click()
                else:
                    check(not page.evaluate(SHOWN)["toggleShown"], f"{name}: no toggle, the tree is beside the page")
                check_page(page, root, expected, name)
                check_axe(page, axe, name)
                check_follow(page, root, expected, name)
                context.close()
        browser.close()


if __name__ == "__main__":
    main(*sys.argv[1:4])
