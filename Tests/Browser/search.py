#!/usr/bin/env python3
"""The search box of a built wiki, used as a person would, from file://.

Usage: search.py START_FILE QUERY TITLE PAGE_FILE MISSING...
  Opens START_FILE (a page of the wiki) from file:// in both colour schemes and checks:
    - "/" puts the focus in the search box;
    - typing QUERY key by key shows results, the first one's text starting with TITLE on a
      line of its own, with the matched words in <mark>;
    - axe-core finds no violation on the page with its results open;
    - a title holding markup is shown as text (no element comes of it);
    - ArrowDown then Enter lands on PAGE_FILE;
    - each MISSING word (a draft's, another wiki's) finds nothing, and the box says so.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import pathlib
import sys

from axe_playwright_python.sync_playwright import Axe
from checks import check, in_each_scheme

RESULTS = "[data-search-results] a"


def type_query(page, text):
    box = page.locator("input[type=search]")
    box.fill("")
    box.press_sequentially(text, delay=30)


def check_results(page, scheme, query, title):
    page.keyboard.press("/")
    focused = page.evaluate("() => document.activeElement.type")
    check(focused == "search", f"{scheme}: / puts the focus in the search box")
    type_query(page, query)
    page.wait_for_selector(RESULTS)
    first = page.locator(RESULTS).first.inner_text()
    check(first.split("\n")[0] == title, f"{scheme}: the first result of {query!r} is {title!r} ({first!r})")
    marks = page.locator("[data-search-results] mark").count()
    check(marks > 0, f"{scheme}: the matched words are marked ({marks})")
    scripts = page.locator("[data-search-results] script, [data-search-results] b").count()
    check(scripts == 0, f"{scheme}: no markup of a page's text becomes an element")
    found = Axe().run(page).response["violations"]
    for violation in found:
        print(f"  {violation['id']}: {violation['help']}", flush=True)
    check(not found, f"{scheme}: axe-core finds no violation with the results open")


def main(start_file, query, title, page_file, missing):
    url = pathlib.Path(start_file).resolve().as_uri()
    target = pathlib.Path(page_file).resolve().as_uri()
    for scheme, page in in_each_scheme(url):
        check_results(page, scheme, query, title)
        for word in missing:
            type_query(page, word)
            page.wait_for_function("() => document.querySelector('[role=status]').textContent.length > 0")
            status = page.locator("[role=status]").inner_text()
            said = page.locator("input[type=search]").get_attribute("data-no-results").replace("{query}", word)
            check(
                status == said and page.locator(RESULTS).count() == 0,
                f"{scheme}: {word!r} finds nothing, and the box says so ({status!r})",
            )
        type_query(page, query)
        page.wait_for_selector(RESULTS)
        page.locator("input[type=search]").press("ArrowDown")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        landed = page.url.split("#")[0]
        check(landed == target, f"{scheme}: ArrowDown and Enter land on the page ({landed})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
