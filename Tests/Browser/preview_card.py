#!/usr/bin/env python3
"""One wikilink's hover preview, from file://.

Usage: preview_card.py PAGE_FILE LINK_TEXT TITLE TEXT
  Opens PAGE_FILE from file:// and hovers the wikilink whose text is LINK_TEXT; checks that the
  card shows TITLE and TEXT. Prints "ok: …" or "FAIL: …"; a failure ends it with status 1.
"""

import pathlib
import sys

from checks import check, in_each_scheme
from previews import card_text, link, wait_for_card


def main(page_file, link_text, title, text):
    url = pathlib.Path(page_file).resolve().as_uri()
    for scheme, page in in_each_scheme(url):
        link(page, link_text).hover()
        wait_for_card(page, title, f"{scheme}: the card of {link_text!r} shows {title!r}")
        shown = card_text(page)
        check(shown == text, f"{scheme}: the card of {link_text!r} shows {title!r} and its text ({shown!r})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4])
