#!/usr/bin/env python3
"""A link to a heading through an alias, followed as a reader would, from file://.

Usage: alias_heading.py PAGE_FILE TARGET_FILE FRAGMENT
  Opens PAGE_FILE, which links to a heading of TARGET_FILE's page through an alias, whose
  redirect is another file, and follows the link:
    - with scripts, it lands on TARGET_FILE at #FRAGMENT, the heading being the page's :target;
    - without scripts, the redirect's refresh still lands on TARGET_FILE.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import pathlib
import sys

from playwright.sync_api import sync_playwright

from checks import check


def follow(browser, url, fragment, scripts):
    """Clicks the link to `#fragment` on `url` in a new context; the page it lands on."""
    context = browser.new_context(java_script_enabled=scripts)
    page = context.new_page()
    page.goto(url)
    link = page.locator(f'a.wikilink[href$="#{fragment}"]').first
    check(link.count() == 1, f"the page links to #{fragment} (scripts: {scripts})")
    check(link.get_attribute("href").split("#")[0] != "", "the link leads to another file")
    link.click()
    return context, page


def main(page_file, target_file, fragment):
    url = pathlib.Path(page_file).resolve().as_uri()
    target = pathlib.Path(target_file).resolve().as_uri()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context, page = follow(browser, url, fragment, scripts=True)
        page.wait_for_url(f"{target}#{fragment}")
        check(page.url == f"{target}#{fragment}", f"with scripts, the link lands on the page at #{fragment}")
        at = page.evaluate("() => document.querySelector(':target') && document.querySelector(':target').id")
        check(at == fragment, f"the heading #{fragment} is the page's target ({at})")
        context.close()
        context, page = follow(browser, url, fragment, scripts=False)
        page.wait_for_url(target)
        check(page.url == target, "without scripts, the refresh lands on the page")
        context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
