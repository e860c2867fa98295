#!/usr/bin/env python3
"""Live reload in a real browser: headless Chromium, driven by Playwright, against a running
`wikisite serve`.

Usage: live_reload.py URL FOLDER
  URL     the preview's base URL (http://127.0.0.1:PORT/)
  FOLDER  the folder `serve` runs in: notes/ is its Markdown source, templates/ its templates

Each check prints one line; the first failure ends the script with exit status 1.
"""

import pathlib
import sys

from playwright.sync_api import sync_playwright

WAIT_MS = 120_000  # generous: only ends a run that would otherwise hang
THEME = pathlib.Path(__file__).resolve().parents[2] / "Templates"  # the default theme


def write(path, text):
    """Replaces the file by a rename, as editors do."""
    temporary = path.with_name(path.name + ".partial")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def check(condition, message):
    if not condition:
        print("FAIL: " + message)
        sys.exit(1)
    print("ok: " + message)


def page_path(folder, name):
    """The site path of a page of notes/: its file name carries a suffix (Install~mglbkpclbq.html)."""
    matches = sorted((folder / "preview" / "notes").glob(name + "~*.html"))
    check(len(matches) == 1, f"the preview has the page {name}")
    return "notes/" + matches[0].name


def long_page(title, sentence):
    paragraphs = "\n\n".join(f"Paragraph {n} of {title}." for n in range(200))
    return f"# {title}\n\n{sentence} See [[Usage]].\n\n{paragraphs}\n"


def main(url, folder):
    notes = folder / "notes"
    template = folder / "templates" / "page.mustache"
    good_template = template.read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context()
        install = context.new_page()
        install.goto(url + page_path(folder, "Install"))
        install.evaluate("window.marker = 'install'")
        usage = context.new_page()
        usage.goto(url + page_path(folder, "Usage"))
        usage.evaluate("window.marker = 'usage'")
        install.bring_to_front()
        install.evaluate("window.scrollTo(0, 1500)")
        scrolled = install.evaluate("window.scrollY")
        check(scrolled > 0, "the page scrolls")

        write(notes / "Install.md", long_page("Install", "Run the brand new installer."))
        install.wait_for_function("document.body.innerText.includes('Run the brand new installer.')", timeout=WAIT_MS)
        check(True, "the edited page shows the new text without the test reloading it")
        check(install.evaluate("window.marker") == "install", "the edited page was updated in place, not reloaded")
        check(abs(install.evaluate("window.scrollY") - scrolled) < 5, "the updated page kept its scroll position")
        check(usage.evaluate("window.marker") == "usage", "a tab on another page did not reload")

        write(template, good_template + "\n{{#unclosed}}\n")
        install.wait_for_selector("#wikisite-build-error", timeout=WAIT_MS)
        overlay = install.inner_text("#wikisite-build-error")
        check("page.mustache" in overlay, "a broken template shows the overlay with its name: " + overlay.strip())
        fresh = context.new_page()
        fresh.goto(url + page_path(folder, "Usage"))
        check(fresh.is_visible("#wikisite-build-error"), "a page opened while the error stands shows it at once")
        write(template, good_template)
        install.wait_for_selector("#wikisite-build-error", state="detached", timeout=WAIT_MS)
        check(True, "fixing the template clears the overlay")
        style = (THEME / "style.css").read_text(encoding="utf-8")
        write(folder / "templates" / "style.css", style + "\nmain { outline: 3px solid rgb(1, 2, 3); }\n")
        install.wait_for_function("getComputedStyle(document.querySelector('main')).outlineWidth === '3px'",
                                  timeout=WAIT_MS)
        check(install.evaluate("window.marker") == "install", "a new stylesheet is applied without a reload")
        layout = (THEME / "layout.mustache").read_text(encoding="utf-8")
        write(folder / "templates" / "layout.mustache",
              layout.replace("<head>\n", '<head>\n<meta name="description" content="notes">\n', 1))
        install.wait_for_function("window.marker === undefined", timeout=WAIT_MS)
        check(True, "a change outside the page's main part reloads the page")
        install.wait_for_function(f"Math.abs(window.scrollY - {scrolled}) < 5", timeout=WAIT_MS)
        check(True, "the reloaded page kept its scroll position")

        (notes / "Usage.md").unlink()
        usage.wait_for_selector("#wikisite-page-removed", timeout=WAIT_MS)
        check(True, "a page whose file was removed says so")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], pathlib.Path(sys.argv[2]))
