#!/usr/bin/env python3
"""The button "More results" of a built wiki's search box, used by keyboard, from file://.

Usage: search_more.py START_FILE MANY_WORD MANY_COUNT FEW_WORD FEW_COUNT
  Opens START_FILE (a page of the wiki) from file:// in both colour schemes and checks:
    - MANY_WORD (on MANY_COUNT pages, more than one batch of 10) shows 10 results and then the
      button, named by the box's `data-more-results`;
    - the arrow keys move from the last result to the button, and axe-core finds no violation;
    - Enter on the button shows the next 10, the focus on the first of them, the count said;
    - pressing it until every page shows leaves MANY_COUNT results and no button;
    - FEW_WORD (on FEW_COUNT pages, fewer than 10) shows them all and no button.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import pathlib
import sys

from axe_playwright_python.sync_playwright import Axe
from checks import check, in_each_scheme

RESULTS = "[data-search-results] a"
BUTTON = "[data-search-results] button"


def type_query(page, text):
    box = page.locator("input[type=search]")
    box.fill("")
    box.press_sequentially(text, delay=30)


def wait_for_count(page, count):
    page.wait_for_function(f"() => document.querySelectorAll({RESULTS!r}).length === {count}")


def check_first_batch(page, scheme, word, name):
    type_query(page, word)
    wait_for_count(page, 10)
    button = page.locator(BUTTON)
    check(button.count() == 1, f"{scheme}: {word!r} shows 10 results, then one button")
    check(button.inner_text() == name, f"{scheme}: the button says {name!r} ({button.inner_text()!r})")
    page.locator("input[type=search]").press("ArrowDown")
    for _ in range(10):
        page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.textContent")
    check(focused == name, f"{scheme}: ArrowDown moves from the last result to the button ({focused!r})")
    found = Axe().run(page).response["violations"]
    for violation in found:
        print(f"  {violation['id']}: {violation['help']}", flush=True)
    check(not found, f"{scheme}: axe-core finds no violation with the button shown")


def check_next_batches(page, scheme, count):
    page.keyboard.press("Enter")
    wait_for_count(page, min(count, 20))
    eleventh = page.evaluate(
        f"() => document.activeElement === document.querySelectorAll({RESULTS!r})[10]")
    check(eleventh, f"{scheme}: Enter on the button shows the next results, the focus on the 11th")
    status = page.locator("[role=status]").inner_text()
    said = page.locator("input[type=search]").get_attribute("data-results").replace("{count}", "20")
    check(status == said, f"{scheme}: the status says how many show ({status!r})")
    while page.locator(BUTTON).count():
        shown = page.locator(RESULTS).count()
        page.locator(BUTTON).press("Enter")
        wait_for_count(page, min(count, shown + 10))
    total = page.locator(RESULTS).count()
    check(total == count, f"{scheme}: the button shows every match, then goes ({total} of {count})")


def main(start_file, many_word, many_count, few_word, few_count):
    url = pathlib.Path(start_file).resolve().as_uri()
    for scheme, page in in_each_scheme(url):
        name = page.locator("input[type=search]").get_attribute("data-more-results")
        check_first_batch(page, scheme, many_word, name)
        check_next_batches(page, scheme, int(many_count))
        type_query(page, few_word)
        wait_for_count(page, int(few_count))
        check(page.locator(BUTTON).count() == 0, f"{scheme}: {few_word!r} shows {few_count} results and no button")


if __name__ == "__main__":
    main(*sys.argv[1:6])
