#!/usr/bin/env python3
"""The live-preview benchmark (issue 24): how long a one-page edit takes to reach the disk and an
open page in headless Chromium under `wikisite serve`, beside `hugo server --renderToDisk`, and
how much memory a server holds after many edits. `make bench` and `make bench-serve` run it;
BENCHMARKS.md reports and explains the figures.

Usage: measure.py --wikisite BIN --corpus BIN --work DIR --pages "1000 10000" --results FILE

For each size, the corpus of `wikisite-corpus generate` is served four ways, one after another:

| edit | server | the edit |
| --- | --- | --- |
| store import | `wikisite serve` of the default store | `wikisite import` of a one-page dump |
| Markdown file | `wikisite serve --source FOLDER` | the page's file replaced by a rename |
| CouchDB document | `wikisite serve --source URL` | `PUT` of the page on couch.py |
| Markdown file | `hugo server --renderToDisk` | the page's content file replaced by a rename |

Each server gets one warm-up edit, then `--edits` timed ones, each of the page in the middle
(`--edit N`: its text gains `Edited (revision N+1)`). A timed edit starts just before the write
(the import process, the rename, the request). It ends:

- on disk, when the page's file holds the new text: a thread polls the file's status every
  millisecond and reads it when it changed;
- in the browser, when the open page holds the new text: `Date.now()` when the server's
  live-reload script has put the page's new main part in place (its `wikisite:updated` event), or
  at `DOMContentLoaded` of a page it reloaded. The driver never reloads.

Both ends and the start are read from the same wall clock. On the largest size, the store's
server then takes edits until it has had `--memory-edits`; its VmRSS is read after the 100th
and the last, and its VmHWM at the end.
"""

import argparse
import atexit
import json
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright

import sites

WIKI_ID = "4242424242424242"  # the corpus's wiki (Benchmarks/WikiCorpus/Corpus.swift)
FOLDER_WIKI_ID = "bench"
TIMEOUT = 120  # seconds: only ends a run that would otherwise hang
SETTLE = 0.3  # seconds between edits, so that each edit is a build of its own
SHOWN_AT_LOAD = ("document.addEventListener('DOMContentLoaded', () => { window.shownAt = Date.now(); });"
                 "document.addEventListener('wikisite:updated', () => { window.shownAt = Date.now(); });")
# The page's main part's text, not the body's rendered text: `innerText` lays out the whole page at
# every poll, a folder wiki's sidebar of 100,000 notes included, and that would slow the page measured.
SHOWS_TEXT = ("text => { var part = document.querySelector('main') || document.body;"
              " return part && part.textContent.includes(text) && window.shownAt; }")


def now_ms():
    return time.time() * 1000


def marker(edit):
    """The text the `edit`th edit adds to the page (Benchmarks/WikiCorpus/PageText.swift)."""
    return f"Edited (revision {edit + 1})"


class Server:
    """A server process whose standard output is read on a thread until a line matches `ready`;
    the rest of its output is drained, so that it never blocks on a full pipe."""

    def __init__(self, command, cwd, ready, log):
        self.cwd = pathlib.Path(cwd)
        self.log_path = log
        self.log = open(log, "w")
        self.process = subprocess.Popen(
            command, cwd=cwd, stdout=subprocess.PIPE, stderr=self.log, text=True, bufsize=1)
        # A run that fails leaves no server behind to hold the next run's store.
        atexit.register(self.process.kill)
        self.ready = threading.Event()
        self.match = None
        threading.Thread(target=self.drain, args=(re.compile(ready),), daemon=True).start()
        if not self.ready.wait(TIMEOUT * 5) or self.match is None:
            self.stop()
            raise SystemExit(f"{command[0]} did not start: see {log}")

    def drain(self, ready):
        for line in self.process.stdout:
            self.log.write(line)
            self.log.flush()
            if not self.ready.is_set() and (found := ready.search(line)):
                self.match = found
                self.ready.set()
        self.ready.set()

    def build_times(self):
        """The time of each of its builds after the first, in ms, from the lines `wikisite serve`
        writes to standard error: `rebuilt after … in N ms: …`."""
        return [int(ms) for ms in re.findall(r"^rebuilt after .* in (\d+) ms:", self.log_path.read_text(), re.MULTILINE)]

    def memory_kib(self, field):
        """A field of /proc/PID/status, in KiB: VmRSS now, or VmHWM, the peak."""
        status = pathlib.Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE).group(1))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


class FileWatch(threading.Thread):
    """Polls `path` every millisecond from its start, and notes the wall-clock time (ms) at which
    it first holds `text`."""

    def __init__(self, path, text):
        super().__init__(daemon=True)
        self.path, self.text, self.found_at = path, text.encode(), None

    def run(self):
        seen = None
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                status = os.stat(self.path)
                key = (status.st_ino, status.st_mtime_ns, status.st_size)
                if key != seen:
                    seen = key
                    if self.text in self.path.read_bytes():
                        self.found_at = now_ms()
                        return
            except FileNotFoundError:
                pass
            time.sleep(0.001)


class Bench:
    """One size: the corpus, its edits, and the figures of each server."""

    def __init__(self, options, pages, browser):
        self.options, self.pages, self.browser = options, pages, browser
        self.work = pathlib.Path(options.work) / f"n{pages}"
        shutil.rmtree(self.work, ignore_errors=True)
        self.scratch = self.work / "scratch"
        self.scratch.mkdir(parents=True)
        self.dump = self.work / "dump.json"
        self.generate(self.dump)
        self.documents = sites.read_dump(self.dump)
        self.edited = self.pages // 2  # the page in the middle, which --edit changes
        self.title = sites.title_of(self.documents[1 + self.edited])
        self.figures = {}  # kind of edit -> {"disk": [ms…], "browser": [ms…]}
        self.memory = None

    def generate(self, out, *arguments):
        command = [self.options.corpus, "generate", "--pages", str(self.pages), "--seed", str(self.options.seed)]
        subprocess.run(command + ["--form", "all-docs", "--out", str(out), *arguments], check=True)

    def edit_dump(self, edit):
        """The one-page dump of the `edit`th edit."""
        path = self.scratch / f"edit-{edit}.json"
        self.generate(path, "--edit", str(edit), "--only-edited")
        return path

    def edited_page(self, edit):
        """The page document after the `edit`th edit."""
        return sites.read_dump(self.edit_dump(edit))[0]

    def serve(self, folder, *source):
        command = [self.options.wikisite, "serve", "--port", "0", "--out", "preview", *source]
        return Server(command, folder, r"^Serving (http://\S+/)$", self.work / f"{folder.name}.log")

    def open_page(self, server, wiki):
        """The edited page's file in the preview of `server`, and a browser tab showing it."""
        page_file = sites.wikisite_file(server.cwd / "preview" / wiki, self.title)
        tab = self.browser.new_page()
        tab.add_init_script(SHOWN_AT_LOAD)
        tab.goto(server.match.group(1) + f"{wiki}/{page_file.name}")
        return page_file, tab

    def timed_edits(self, kind, server, page_file, tab, prepare, write):
        """The warm-up and the timed edits of one server: `prepare(edit)` makes what `write`
        writes, untimed. For `wikisite serve`, its builds' own times come from its log."""
        figures = self.figures[kind] = {"write": [], "disk": [], "browser": [], "build": []}
        self.edit(1, page_file, tab, prepare, write)
        builds_before = len(server.build_times()) if tab else 0
        for edit in range(2, self.options.edits + 2):
            times = self.edit(edit, page_file, tab, prepare, write)
            for name, value in zip(("write", "disk", "browser"), times):
                if value is not None:
                    figures[name].append(value)
        if tab:
            figures["build"] = server.build_times()[builds_before:]

    def edit(self, edit, page_file, tab, prepare, write, settle=SETTLE):
        """Makes one edit, then waits `settle` seconds; returns the time its write took, and its
        time to the disk and to the browser (ms; None without a tab)."""
        prepared = prepare(edit)
        watch = FileWatch(page_file, marker(edit))
        watch.start()
        started = now_ms()
        write(prepared)
        written = now_ms() - started
        shown = None
        if tab:
            handle = tab.wait_for_function(SHOWS_TEXT, arg=marker(edit), timeout=TIMEOUT * 1000)
            shown = handle.json_value() - started
        watch.join(TIMEOUT)
        if watch.found_at is None:
            raise SystemExit(f"edit {edit}: {page_file} never held {marker(edit)!r}")
        time.sleep(settle)
        return written, watch.found_at - started, shown

    def store(self, measure_memory):
        """Edits imported into the default store that `wikisite serve` follows."""
        folder = self.work / "store"
        store = folder / ".wikisite" / "store.sqlite"

        def write(dump):
            command = [self.options.wikisite, "import", str(dump), "--store", str(store)]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

        write(self.dump)
        server = self.serve(folder)
        page_file, tab = self.open_page(server, WIKI_ID)
        self.timed_edits("store import", server, page_file, tab, self.edit_dump, write)
        if measure_memory:
            self.memory = self.memory_after_edits(server, page_file, tab, write)
        server.stop()
        tab.close()

    def memory_after_edits(self, server, page_file, tab, write):
        """Edits on until the server has had --memory-edits, each as soon as the last shows in the
        browser; VmRSS after the 100th and the last."""
        last = self.options.memory_edits
        rss = {}
        for edit in range(self.options.edits + 2, last + 1):
            self.edit(edit, page_file, tab, self.edit_dump, write, settle=0)
            if edit in (100, last):
                rss[edit] = server.memory_kib("VmRSS")
        return {"edits": last, "rss_100": rss.get(100), "rss_last": rss[last], "hwm": server.memory_kib("VmHWM")}

    def markdown_folder(self):
        """Pages of a folder of Markdown replaced by a rename, as editors save."""
        folder = self.work / "folder"
        notes = folder / "notes"
        sites.write_markdown_folder(self.documents, notes)
        path = notes / (self.title + ".md")
        server = self.serve(folder, "--source", "notes", "--wiki-id", FOLDER_WIKI_ID)
        page_file, tab = self.open_page(server, FOLDER_WIKI_ID)
        self.timed_edits(
            "Markdown file", server, page_file, tab, lambda edit: self.edited_page(edit)["markdown"],
            lambda text: sites.replace(path, text, self.scratch / "edit.md"))
        server.stop()
        tab.close()

    def couch(self):
        """Documents saved on a CouchDB-compatible server (couch.py) whose feed `serve` follows."""
        folder = self.work / "couch"
        folder.mkdir()
        script = pathlib.Path(__file__).with_name("couch.py")
        couch = Server([sys.executable, str(script), str(self.dump)], folder, r"^(http://\S+)$",
                       self.work / "couch-server.log")
        database = couch.match.group(1)

        def prepare(edit):
            document = self.edited_page(edit)
            url = database + "/" + urllib.parse.quote(document["_id"], safe="")
            return urllib.request.Request(url, data=json.dumps(document).encode(), method="PUT")

        server = self.serve(folder, "--source", database)
        page_file, tab = self.open_page(server, WIKI_ID)
        self.timed_edits("CouchDB document", server, page_file, tab, prepare,
                         lambda request: urllib.request.urlopen(request).read())
        server.stop()
        tab.close()
        couch.stop()

    def hugo(self):
        """`hugo server --renderToDisk` on the same pages, its content files replaced by a rename."""
        site = self.work / "hugo"
        urls = sites.write_hugo_site(self.documents, site)
        command = ["hugo", "server", "--renderToDisk", "--bind", "127.0.0.1", "--port", str(free_port()),
                   "--source", str(site), "--destination", str(site / "public")]
        server = Server(command, site, r"Web Server is available at (\S+)", self.work / "hugo.log")
        path = site / "content" / sites.hugo_name(self.edited)
        self.timed_edits(
            "hugo: Markdown file", server, sites.hugo_file(site / "public", self.edited), None,
            lambda edit: sites.hugo_content(self.edited_page(edit), urls),
            lambda text: sites.replace(path, text, self.scratch / "edit.md"))
        server.stop()


def free_port():
    """A loopback port free now, for hugo's --port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def milliseconds(values):
    """`median (max)` of a list of times in ms."""
    if not values:
        return ""
    return f"{statistics.median(values):.0f} ms ({max(values):.0f} ms)"


def mebibytes(kib):
    return f"{kib / 1024:.0f} MiB"


def report(benches, options, versions, load):
    """The results as Markdown: a table of edits, then the memory of the store's server."""
    lines = [
        "## Live preview",
        "",
        f"- {versions}; load average (1, 5, 15 min) {load[0]} at the start, {load[1]} at the end.",
        f"- One run: each figure is the median (max) of {options.edits} timed edits, after one warm-up edit.",
        "- write: the edit itself; build: the server's own time, from its log (builds / edits when they differ);",
        "  to disk: until the page's file holds the new text; to the browser: until the reloaded page has it.",
        "",
        "| pages | edit | write | build | wikisite serve: to disk | to the browser | hugo server: to disk |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for bench in benches:
        hugo = bench.figures.get("hugo: Markdown file", {}).get("disk", [])
        for kind in ("store import", "Markdown file", "CouchDB document"):
            if kind not in bench.figures:
                continue
            figures = bench.figures[kind]
            builds = len(figures["build"])
            count = f" ({builds} / {options.edits})" if builds != options.edits else ""
            lines.append(
                f"| {bench.pages:,} | {kind} | {milliseconds(figures['write'])} | {milliseconds(figures['build'])}{count} "
                f"| {milliseconds(figures['disk'])} | {milliseconds(figures['browser'])} "
                f"| {milliseconds(hugo) if kind == 'Markdown file' else ''} |")
    for bench in benches:
        if bench.memory:
            memory = bench.memory
            growth = (memory["rss_last"] - memory["rss_100"]) / 1024 if memory["rss_100"] else float("nan")
            lines += [
                "",
                f"Memory of the store's server at {bench.pages:,} pages after {memory['edits']:,} edits: "
                f"VmRSS {mebibytes(memory['rss_last'])}, {growth:+.1f} MiB since the 100th edit; "
                f"VmHWM (peak) {mebibytes(memory['hwm'])}.",
            ]
    return "\n".join(lines) + "\n"


def load_average():
    return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wikisite", required=True, help="the wikisite binary (a release build)")
    parser.add_argument("--corpus", required=True, help="the wikisite-corpus binary")
    parser.add_argument("--work", required=True, help="a scratch folder, emptied per size")
    parser.add_argument("--pages", default="1000 10000", help="the sizes, separated by spaces")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edits", type=int, default=20, help="timed edits per server")
    parser.add_argument("--memory-edits", type=int, default=1000, help="edits of the store's server, largest size; no memory measure when at most --edits + 1")
    parser.add_argument("--servers", default="store folder couch hugo", help="which servers to measure")
    parser.add_argument("--results", required=True, help="the Markdown file the results are appended to")
    options = parser.parse_args()
    sizes = [int(size) for size in options.pages.split()]
    servers = options.servers.split()
    hugo = "not run"
    if "hugo" in servers:
        hugo = subprocess.run(["hugo", "version"], capture_output=True, text=True, check=True).stdout.split()[1]
    benches = []
    load = [load_average()]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        versions = f"hugo {hugo}, Chromium {browser.version}"
        for pages in sizes:
            print(f"live preview, {pages} pages...", file=sys.stderr, flush=True)
            bench = Bench(options, pages, browser)
            if "store" in servers:
                bench.store(measure_memory=pages == max(sizes) and options.memory_edits > options.edits + 1)
            if "folder" in servers:
                bench.markdown_folder()
            if "couch" in servers:
                bench.couch()
            if "hugo" in servers:
                bench.hugo()
            shutil.rmtree(bench.work)
            bench.documents = None
            benches.append(bench)
        browser.close()
    load.append(load_average())
    with open(options.results, "a", encoding="utf-8") as results:
        results.write("\n" + report(benches, options, versions, load))


if __name__ == "__main__":
    main()
