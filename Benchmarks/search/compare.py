#!/usr/bin/env python3
"""The search index against Pagefind's (issue 27): the bytes of each wiki's index, the bytes a
first query loads, and how long the first results take from `file://`. `make bench` runs it on
each size it builds and on the real wikis of `../shared/corpora`; BENCHMARKS.md reports and
explains the figures.

Usage: compare.py --site SITE --label TEXT --work DIR --rows FILE [--queries 20]

For each wiki of SITE (a folder `wikisite build` wrote) whose folder has `_search/`:

- Pagefind (PyPI's `pagefind-bin`) indexes the wiki's folder, the same HTML, into DIR. Its
  files other than the default UI's (`pagefind-component-ui.*`, `pagefind-modular-ui.*`,
  `pagefind-highlight.js`) are counted: the core, the WebAssembly, the index, the fragments and
  `pagefind-ui.*`. Ours: the wiki's `_search/` and the theme's `_assets/search.js`.
- Totals are the sum of the files, raw and each gzip-compressed at level 9, as a server would
  send them. Pagefind compresses its index files itself; gzip adds little to them.
- The queries are words of the index, chosen by how many pages hold them: `--queries` of them,
  spread evenly from the rarest held by two pages to the most common, letters only, so both
  tools split them alike.
- A first query: a new browser context (nothing cached) opens the wiki's home over HTTP, the
  query is put in the search box at once (one `input` event, as a paste), and, once the results
  are shown and the network is idle, the files the page loaded from the index are counted (from
  the browser's resource timing, weighed on disk). Pagefind's from a page holding only its
  default UI. The median over the queries is reported, and how many showed no results within
  two minutes (Pagefind takes tens of seconds for a common word at 100,000 pages).
- Latency (ours only: Pagefind does not work from `file://`): the wiki's home opened from
  `file://`, the time from the `input` event to the first change of the results list, read by
  the page's own clock. Median and maximum over the queries.

One Markdown table row per wiki is appended to FILE.
"""

import argparse
import collections
import functools
import gzip
import http.server
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import threading
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

# How long a first query may take before it counts as timed out (Pagefind takes tens of seconds
# for a common word at 100,000 pages on two cores).
QUERY_TIMEOUT_MS = 120_000

PAGEFIND_LEFT_OUT = {
    "pagefind-component-ui.css",
    "pagefind-component-ui.js",
    "pagefind-modular-ui.css",
    "pagefind-modular-ui.js",
    "pagefind-highlight.js",
}

# Times the first change of the results list after the search box's `input` event, in the page's
# own clock; installed before the page's scripts run, and listening in the capture phase, so it
# sees the event before the search script does.
LATENCY_PROBE = """
window.__searchTiming = {};
document.addEventListener("input", () => {
  window.__searchTiming = { start: performance.now() };
  const list = document.querySelector("[data-search-results]");
  const status = document.querySelector(".site-search-status");
  const observer = new MutationObserver(() => {
    if (window.__searchTiming.end === undefined) window.__searchTiming.end = performance.now();
    observer.disconnect();
  });
  observer.observe(list, { childList: true, subtree: true, characterData: true });
  if (status) observer.observe(status, { childList: true, subtree: true, characterData: true });
}, true);
"""

PAGEFIND_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind</title>
<link href="{bundle}/pagefind-ui.css" rel="stylesheet">
<script src="{bundle}/pagefind-ui.js"></script></head>
<body><div id="search"></div>
<script>new PagefindUI({{ element: "#search", bundlePath: "/{bundle}/" }});</script>
</body></html>
"""


class FileWeights:
    """The raw and gzip-compressed sizes of files, each weighed once."""

    @staticmethod
    @functools.cache
    def of(path):
        data = pathlib.Path(path).read_bytes()
        return len(data), len(gzip.compress(data, 9))

    @classmethod
    def total(cls, paths):
        weights = [cls.of(path) for path in paths]
        return sum(raw for raw, _ in weights), sum(compressed for _, compressed in weights)


class QuietServer:
    """An HTTP server of `root` on a free loopback port, in a thread."""

    def __init__(self, root):
        handler = functools.partial(QuietHandler, directory=str(root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def shard_values(search_folder, prefix):
    """The values of the index files of `search_folder` whose names start with `prefix`."""
    for path in sorted(search_folder.glob(prefix + "*.js")):
        text = path.read_text(encoding="utf-8")
        start, end = text.index(",") + 1, text.rindex(")")
        yield json.loads(text[start:end])


def chosen_queries(search_folder, count):
    """`count` words of the index, spread evenly by how many pages hold them."""
    frequencies = {}
    for shard in shard_values(search_folder, "t-"):
        for term, postings in shard.items():
            if term.isascii() and term.isalpha() and len(term) >= 3:
                # A common term written in parts holds its count of postings (`n`), not them.
                frequencies[term] = postings["n"] if isinstance(postings, dict) else len(postings)
    ranked = sorted((n, term) for term, n in frequencies.items() if n >= 2)
    if not ranked:
        return []
    step = max(1, len(ranked) // count)
    return [term for _, term in ranked[::step]][:count]


def page_count(search_folder):
    meta = next(shard_values(search_folder, "meta"))
    return meta["n"]


def run_pagefind(wiki_folder, out):
    shutil.rmtree(out, ignore_errors=True)
    start = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "pagefind_bin", "--site", str(wiki_folder), "--output-path", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.monotonic() - start


# A page that searches: its `url`, its search `box`, the script that is true once `shown` results,
# and where its index files are: served from `base_url`, kept under `root`, those `index` accepts.
SearchPage = collections.namedtuple("SearchPage", "url box shown base_url root index")


def loaded_files(page, search_page):
    """The index files that `page` loaded over HTTP."""
    names = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    files = set()
    for name in names:
        if name.startswith(search_page.base_url):
            path = search_page.root / name[len(search_page.base_url) + 1 :].split("?")[0]
            if path.is_file() and search_page.index(path):
                files.add(path)
    return files


def first_query_bytes(browser, search_page, query):
    """The compressed bytes of the index files a first query of `query` loads; None when its
    results did not show within `QUERY_TIMEOUT_MS`."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(search_page.url)
    page.locator(search_page.box).wait_for(state="visible")
    page.fill(search_page.box, query)
    try:
        page.wait_for_function(search_page.shown, timeout=QUERY_TIMEOUT_MS)
        page.wait_for_load_state("networkidle")
        return FileWeights.total(loaded_files(page, search_page))[1]
    except PlaywrightTimeout:
        return None
    finally:
        context.close()


def latency_ms(browser, home, query):
    context = browser.new_context()
    context.add_init_script(LATENCY_PROBE)
    page = context.new_page()
    page.goto(home.as_uri())
    page.locator("input[type=search]").wait_for(state="visible")
    page.fill("input[type=search]", query)
    page.wait_for_function("window.__searchTiming.end !== undefined", timeout=QUERY_TIMEOUT_MS)
    timing = page.evaluate("window.__searchTiming")
    context.close()
    return timing["end"] - timing["start"]


OURS_SHOWN = (
    "document.querySelector('[data-search-results] a') ||"
    " document.querySelector('.site-search-status').textContent"
)
PAGEFIND_SHOWN = (
    "document.querySelector('.pagefind-ui__result-link') ||"
    " /No results/.test((document.querySelector('.pagefind-ui__message') || {}).textContent || '')"
)


def compare_wiki(options, browser, server, wiki_folder):
    site = pathlib.Path(options.site).resolve()
    search_folder = wiki_folder / "_search"
    ours = sorted(search_folder.iterdir()) + [site / "_assets" / "search.js"]
    bundle = options.work / ("pagefind-" + wiki_folder.name)
    pagefind_seconds = run_pagefind(wiki_folder, bundle)
    theirs = [path for path in bundle.rglob("*") if path.is_file() and path.name not in PAGEFIND_LEFT_OUT]
    harness = options.work / (bundle.name + ".html")
    harness.write_text(PAGEFIND_PAGE.format(bundle=bundle.name), encoding="utf-8")

    queries = chosen_queries(search_folder, options.queries)
    site_url, work_url = server["site"].url, server["work"].url
    our_page = SearchPage(
        f"{site_url}/{wiki_folder.name}/index.html", "input[type=search]", OURS_SHOWN, site_url, site,
        lambda path: path.parent == search_folder or path.name == "search.js",
    )
    their_page = SearchPage(
        f"{work_url}/{harness.name}", ".pagefind-ui__search-input", PAGEFIND_SHOWN, work_url, options.work,
        lambda path: bundle in path.parents,
    )
    ours_first = [first_query_bytes(browser, our_page, query) for query in queries]
    theirs_first = [first_query_bytes(browser, their_page, query) for query in queries]
    latencies = [latency_ms(browser, wiki_folder / "index.html", query) for query in queries]
    return {
        "wiki": wiki_folder.name,
        "pages": page_count(search_folder),
        "ours": FileWeights.total(ours),
        "ours_files": len(ours),
        "theirs": FileWeights.total(theirs),
        "theirs_files": len(theirs),
        "ours_first": shown_median(ours_first),
        "theirs_first": shown_median(theirs_first),
        "latency": (statistics.median(latencies), max(latencies)) if latencies else (0, 0),
        "queries": len(queries),
        "pagefind_seconds": pagefind_seconds,
    }


def shown_median(weights):
    """The median of the weights of the queries whose results showed, and how many did not."""
    shown = [weight for weight in weights if weight is not None]
    return statistics.median(shown) if shown else None, len(weights) - len(shown)


def first_query(weighed):
    median, timed_out = weighed
    text = "–" if median is None else kilobytes(median)
    return text + (f" ({timed_out} timed out)" if timed_out else "")


def kilobytes(count):
    return f"{count / 1024:,.0f} KB" if count < 10 * 1024 * 1024 else f"{count / 1048576:,.1f} MB"


def row(label, result):
    ours_raw, ours_gzip = result["ours"]
    theirs_raw, theirs_gzip = result["theirs"]
    median, worst = result["latency"]
    return (
        f"| {label} | {result['pages']:,}"
        f" | {kilobytes(ours_gzip)} ({kilobytes(ours_raw)} raw, {result['ours_files']:,} files)"
        f" | {kilobytes(theirs_gzip)} ({kilobytes(theirs_raw)} raw, {result['theirs_files']:,} files)"
        f" | {first_query(result['ours_first'])} | {first_query(result['theirs_first'])}"
        f" | {median:.0f} ms ({worst:.0f} ms) | {result['pagefind_seconds']:.1f} s |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, help="a folder wikisite build wrote")
    parser.add_argument("--label", required=True, help="what the site is, for the table")
    parser.add_argument("--work", required=True, type=pathlib.Path, help="scratch folder for Pagefind")
    parser.add_argument("--rows", required=True, type=pathlib.Path, help="Markdown rows are appended here")
    parser.add_argument("--queries", type=int, default=20)
    options = parser.parse_args()
    options.work = options.work.resolve()
    options.work.mkdir(parents=True, exist_ok=True)
    wikis = sorted(path.parent for path in pathlib.Path(options.site).resolve().glob("*/_search"))
    server = {"site": QuietServer(pathlib.Path(options.site).resolve()), "work": QuietServer(options.work)}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            with options.rows.open("a", encoding="utf-8") as rows:
                for wiki_folder in wikis:
                    label = options.label if len(wikis) == 1 else f"{options.label}, {wiki_folder.name}"
                    rows.write(row(label, compare_wiki(options, browser, server, wiki_folder)) + "\n")
            browser.close()
    finally:
        for each in server.values():
            each.close()


if __name__ == "__main__":
    main()
