#!/usr/bin/env python3
"""The search box over an index whose common terms are split into parts, against the same
documents' index with no term split, from file://.

Usage: search_parts.py SPLIT_PAGE WHOLE_PAGE BEST_QUERY MORE_QUERY QUERY...
  SPLIT_PAGE and WHOLE_PAGE are pages with the search box, each over its own index of the same
  documents. Checks:
    - each QUERY, BEST_QUERY and MORE_QUERY shows the same results, in the same order, with the
      same status, over both indexes;
    - in a new page, BEST_QUERY loads one part file (its term's best part) and no other;
    - in a new page, MORE_QUERY loads more than one part file.
  A BEST_QUERY or MORE_QUERY of "-" is left out.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import pathlib
import sys

from checks import check
from playwright.sync_api import sync_playwright


def results(page, query):
    """The status and the results (href and text of each) the box shows for `query`."""
    box = page.locator("input[type=search]")
    box.fill("")
    page.wait_for_function("() => document.querySelector('[role=status]').textContent === ''")
    box.fill(query)
    page.wait_for_function("() => document.querySelector('[role=status]').textContent.length > 0")
    shown = page.eval_on_selector_all(
        "[data-search-results] a", "links => links.map(link => [link.getAttribute('href'), link.innerText])"
    )
    return page.locator("[role=status]").inner_text(), shown


def part_files(page):
    """How many part files (`p-…js`) the page has loaded."""
    return page.evaluate("() => document.querySelectorAll('script[src*=\"_search/p-\"]').length")


def main(split, whole, best, more, queries):
    split_url, whole_url = (pathlib.Path(path).resolve().as_uri() for path in (split, whole))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pages = {}
        for name, url in (("split", split_url), ("whole", whole_url)):
            pages[name] = browser.new_page()
            pages[name].goto(url)
        differ = []
        asked = [query for query in [best, more] if query != "-"] + queries
        for query in asked:
            found = results(pages["split"], query)
            expected = results(pages["whole"], query)
            if found != expected:
                differ.append((query, found, expected))
        for query, found, expected in differ[:3]:
            print(f"  {query!r}: {found} against {expected}", flush=True)
        check(not differ, f"{len(asked)} queries show the same results over the split index as over the whole")
        for query, expect_one in ((best, True), (more, False)):
            if query == "-":
                continue
            page = browser.new_page()
            page.goto(split_url)
            status, shown = results(page, query)
            loaded = part_files(page)
            check(shown, f"{query!r} finds pages ({status})")
            if expect_one:
                check(loaded == 1, f"{query!r} loads its term's best part alone ({loaded} part files)")
            else:
                check(loaded > 1, f"{query!r} loads more parts when the best ones cannot fill the results ({loaded})")
            page.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
