#!/usr/bin/env python3
"""Wikilinks' hover previews in a built wiki, from file:// and over HTTP.

Usage: previews.py SITE HUB TARGET FIRST_PARAGRAPH SECTION_TEXT HOSTILE NAMED...
  Opens HUB (a page's path in the folder SITE) from file://, then from an HTTP server of SITE,
  each in both colour schemes, and checks:
    - hovering the link to TARGET shows a card (role=tooltip, the link's aria-describedby) with
      TARGET and FIRST_PARAGRAPH, inside the viewport; the pointer leaving hides it;
    - the link to TARGET's second part shows SECTION_TEXT;
    - a link to a missing page shows the layout's data-preview-missing text;
    - Tab to a link shows its card, Escape hides it;
    - the link to HOSTILE shows that title as text: no element comes of it;
    - the link to each NAMED title shows that title; a NAMED of the form `ALIAS=>TITLE` is a link
      through an alias, which shows the card of TITLE, the page the alias leads to;
    - axe-core finds no violation with a card shown;
    - on a touch screen, a long press shows the card and does not follow the link.
  Each check prints one line, "ok: …" or "FAIL: …"; the first failure ends it with status 1.
"""

import functools
import http.server
import pathlib
import re
import sys
import threading
import urllib.parse

from axe_playwright_python.sync_playwright import Axe
from checks import check, in_each_scheme
from playwright.sync_api import sync_playwright

CARD = "#link-preview"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder):
    """Serves `folder` over HTTP on a free port of 127.0.0.1 from a thread; returns its URL."""
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def link(page, text):
    """The wikilink of the page's text whose text is `text`."""
    return page.locator("main a.wikilink", has_text=re.compile("^" + re.escape(text) + "$")).first


def card_title(page):
    return page.evaluate(
        """() => {
            const card = document.querySelector('#link-preview');
            return card && !card.hidden ? card.querySelector('.link-preview-title').textContent : null;
        }"""
    )


def wait_for_card(page, title, message):
    """Waits for the card to show `title`; fails with `message` when it does not."""
    try:
        page.wait_for_function(
            """(title) => {
                const card = document.querySelector('#link-preview');
                return card && !card.hidden && card.querySelector('.link-preview-title').textContent === title;
            }""",
            arg=title,
            timeout=5000,
        )
    except Exception:
        check(False, f"{message} (the card shows {card_title(page)!r})")


def hide_card(page):
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    page.wait_for_selector(CARD, state="hidden")


def card_text(page):
    texts = page.locator(CARD + " .link-preview-text")
    return texts.inner_text() if texts.count() else ""


def check_hover(page, way, target, first_paragraph, section_text):
    hovered = link(page, target)
    hovered.hover()
    wait_for_card(page, target, f"{way}: hovering shows {target!r}'s card")
    text = card_text(page)
    described = hovered.get_attribute("aria-describedby") == "link-preview"
    check(
        text.startswith(first_paragraph) and described and page.locator(CARD).get_attribute("role") == "tooltip",
        f"{way}: the card shows {target}'s title and first paragraph ({text!r})",
    )
    box = page.locator(CARD).bounding_box()
    size = page.viewport_size
    inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
    check(inside and box["y"] + box["height"] <= size["height"], f"{way}: the card is inside the viewport ({box})")
    found = Axe().run(page).response["violations"]
    for violation in found:
        print(f"  {violation['id']}: {violation['help']}", flush=True)
    check(not found, f"{way}: axe-core finds no violation with a card shown")
    page.mouse.move(0, 0)
    page.wait_for_selector(CARD, state="hidden")
    check(hovered.get_attribute("aria-describedby") is None, f"{way}: the pointer leaving hides the card")
    link(page, target + "#Second part").hover()
    wait_for_card(page, target, f"{way}: a link to a heading shows its page's card")
    text = card_text(page)
    check(text == section_text, f"{way}: a link to a heading shows that section's text ({text!r})")
    hide_card(page)


def check_missing(page, way):
    said = page.locator("input[type=search]").get_attribute("data-preview-missing")
    page.locator("main a.wikilink.missing").first.hover()
    page.wait_for_selector(CARD, state="visible")
    text = card_text(page)
    check(bool(said) and text == said, f"{way}: a missing page's card says so ({text!r})")
    hide_card(page)


def check_keyboard(page, way, target):
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('main a.wikilink')"):
            break
    wait_for_card(page, target, f"{way}: Tab focus shows the card")
    page.keyboard.press("Escape")
    page.wait_for_selector(CARD, state="hidden")
    check(True, f"{way}: Tab focus shows the card, Escape hides it")


def check_titles(page, way, hostile, named):
    page.locator("main a.wikilink[href*='Quote_']").first.focus()
    wait_for_card(page, hostile, f"{way}: the hostile title's card shows it")
    elements = page.locator(CARD + " b, " + CARD + " script").count()
    check(elements == 0, f"{way}: the hostile title shows as text")
    hide_card(page)
    titles = [each for each in named if "=>" not in each]
    for title in titles:
        link(page, title).focus()
        wait_for_card(page, title, f"{way}: {title!r}'s card shows that title")
    hide_card(page)
    check(True, f"{way}: every named title's card shows that title")
    for pair in named:
        if "=>" not in pair:
            continue
        alias, title = pair.split("=>")
        link(page, alias).focus()
        wait_for_card(page, title, f"{way}: the link through {alias!r} shows {title!r}'s card")
        hide_card(page)
    if len(titles) < len(named):
        check(True, f"{way}: a link through an alias shows its page's card")


def check_touch(url, way, target):
    """A long press on the link to TARGET, on a touch screen, shows its card and cancels the
    link's click; a tap then follows the link."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_context(has_touch=True).new_page()
        page.goto(url)
        box = link(page, target).bounding_box()
        href = link(page, target).evaluate("(a) => a.href")
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        page.evaluate("() => addEventListener('touchend', (event) => { window.ended = event.defaultPrevented })")
        touch = page.context.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        wait_for_card(page, target, f"{way}: a long press shows the card")
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        try:
            page.wait_for_function("() => 'ended' in window", timeout=5000)
            cancelled = page.evaluate("() => window.ended") and card_title(page) == target
        except Exception:
            cancelled = False
        check(cancelled, f"{way}: a long press shows the card and does not follow the link")
        with page.expect_navigation():
            touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        check(page.url == href, f"{way}: a tap then follows the link ({page.url})")
        browser.close()


def main(site, hub, target, first_paragraph, section_text, hostile, named):
    starts = {
        "file": pathlib.Path(site, hub).resolve().as_uri(),
        "http": serve(site) + urllib.parse.quote(hub),
    }
    for way, url in starts.items():
        for scheme, page in in_each_scheme(url):
            where = f"{way}: {scheme}"
            check_hover(page, where, target, first_paragraph, section_text)
            check_missing(page, where)
            check_keyboard(page, where, target)
            check_titles(page, where, hostile, named)
        check_touch(url, way, target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7:])
