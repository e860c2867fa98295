#!/usr/bin/env python3
"""A page's tag chips, used as a person would, from file://.

Usage: tags.py PAGE_FILE TAG TAG_FILE
  Opens PAGE_FILE (a page tagged TAG) from file:// in both colour schemes and checks:
    - the page shows the chip "#TAG" in its list of tags;
    - Tab reaches the chip, and Enter on it lands on TAG_FILE, the tag's page;
    - the tag page lists the page, and Enter on that link lands back on PAGE_FILE;
    - the browser's Back from there returns to the tag page.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import pathlib
import sys

from checks import check, in_each_scheme

CHIP = ".page-tags a.tag"


def tab_to(page, locator, limit=200):
    """Presses Tab until `locator` has the focus; whether it got there within `limit` presses."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return True
    return False


def target(link):
    """The absolute URL `link` leads to, without its fragment."""
    return link.evaluate("a => a.href").split("#")[0]


def press_enter(page):
    """Presses Enter on the focused link and waits for the page it leads to."""
    with page.expect_navigation():
        page.keyboard.press("Enter")
    return page.url.split("#")[0]


def main(page_file, tag, tag_file):
    url = pathlib.Path(page_file).resolve().as_uri()
    tag_url = pathlib.Path(tag_file).resolve().as_uri()
    for scheme, page in in_each_scheme(url):
        chip = page.locator(CHIP, has_text=f"#{tag}").first
        check(chip.count() == 1, f"{scheme}: the page shows the chip #{tag}")
        check(tab_to(page, chip), f"{scheme}: Tab reaches the chip #{tag}")
        landed = press_enter(page)
        check(landed == tag_url, f"{scheme}: Enter on the chip lands on the tag's page ({landed})")
        title = page.locator("h1").inner_text()
        check(title == f"#{tag}", f"{scheme}: the tag page is titled #{tag} ({title!r})")
        links = page.locator(".page-list a")
        link = next((links.nth(i) for i in range(links.count()) if target(links.nth(i)) == url), None)
        check(link is not None, f"{scheme}: the tag page lists the page")
        check(tab_to(page, link), f"{scheme}: Tab reaches the page's link on the tag page")
        landed = press_enter(page)
        check(landed == url, f"{scheme}: Enter on it lands back on the page ({landed})")
        page.go_back()
        returned = page.url.split("#")[0]
        check(returned == tag_url, f"{scheme}: Back returns to the tag page ({returned})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
