#!/usr/bin/env python3
"""Callouts as Chromium shows them, in light and dark mode, read from what the page computes.

Usage: callouts.py PAGE_FILE
  Opens PAGE_FILE (a page with an open callout, a folded one and one that folds open) in both
  colour schemes and checks:
    - every callout's background differs from the page's, and its edge has the family's colour;
    - a folded callout is a closed <details> whose content is not shown;
    - a callout folded open is an open <details> whose content is shown;
    - every callout icon is drawn: it has a size and a colour.
  Each check prints one line, "ok: …" or "FAIL: …"; exit status 1 when any failed.
"""

import pathlib
import sys

from checks import in_each_scheme

FACTS = """() => {
  const style = (element) => getComputedStyle(element);
  return {
    page: style(document.body).backgroundColor,
    callouts: [...document.querySelectorAll(".callout")].map((callout) => ({
      family: callout.dataset.callout,
      tag: callout.tagName.toLowerCase(),
      open: callout.tagName === "DETAILS" ? callout.open : null,
      background: style(callout).backgroundColor,
      edge: style(callout).borderLeftColor,
      contentShown: callout.querySelector(".callout-content")?.checkVisibility() ?? null,
      icon: (() => {
        const icon = callout.querySelector(".callout-icon");
        const box = icon.getBoundingClientRect();
        return { width: box.width, height: box.height, colour: style(icon).backgroundColor };
      })(),
    })),
  };
}"""

failures = 0


def check(condition, message):
    global failures
    if not condition:
        failures += 1
    print(("ok: " if condition else "FAIL: ") + message, flush=True)


def check_scheme(facts, scheme):
    callouts = facts["callouts"]
    check(len(callouts) >= 3, f"{scheme}: the page has at least 3 callouts ({len(callouts)})")
    for callout in callouts:
        name = f"{scheme}: the {callout['family']} callout"
        check(callout["background"] != facts["page"], f"{name}'s background {callout['background']} is not the page's")
        check(callout["edge"] == callout["icon"]["colour"], f"{name}'s edge and icon share its colour")
        check(callout["icon"]["width"] > 0 and callout["icon"]["height"] > 0, f"{name}'s icon has a size")
        if callout["open"] is False:
            check(callout["contentShown"] is False, f"{name} is folded: its content is hidden")
        if callout["open"] is True:
            check(callout["contentShown"] is True, f"{name} is folded open: its content is shown")
    check(any(c["open"] is False for c in callouts), f"{scheme}: a folded callout is a closed <details>")
    check(any(c["open"] is True for c in callouts), f"{scheme}: a callout folded open is an open <details>")


def main(page_file):
    url = pathlib.Path(page_file).resolve().as_uri()
    seen = {}
    for scheme, page in in_each_scheme(url):
        facts = page.evaluate(FACTS)
        check_scheme(facts, scheme)
        seen[scheme] = facts
    check(seen["light"]["page"] != seen["dark"]["page"], "the page's background changes with the colour scheme")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1])
