"""Checks of the live-preview benchmark's own parts against the real `wikisite`, on a small corpus:
the CouchDB stand-in (couch.py) serves what its dump holds and follows an edit, and the driver
finds the file of every page.

Usage: python3 -m unittest discover -s Benchmarks/live
  WIKISITE and WIKISITE_CORPUS name the binaries (default: the debug build's).
"""

import html
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest
import urllib.parse
import urllib.request

import sites

HERE = pathlib.Path(__file__).parent
BIN = HERE.parent.parent / ".build" / "debug"
WIKISITE = os.environ.get("WIKISITE", str(BIN / "wikisite"))
CORPUS = os.environ.get("WIKISITE_CORPUS", str(BIN / "wikisite-corpus"))
PAGES = 40


def generate(out, *arguments):
    command = [CORPUS, "generate", "--pages", str(PAGES), "--form", "all-docs", "--out", str(out), *arguments]
    subprocess.run(command, check=True)


def build(folder, out, *source):
    subprocess.run([WIKISITE, "build", "--out", out, *source], cwd=folder, check=True, stdout=subprocess.DEVNULL)


def files(root):
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


class LiveBenchTests(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        self.dump = self.folder / "dump.json"
        generate(self.dump)

    def test_a_site_built_from_couch_py_is_the_site_of_its_dump(self):
        couch = subprocess.Popen([sys.executable, str(HERE / "couch.py"), str(self.dump)], stdout=subprocess.PIPE, text=True)
        self.addCleanup(couch.stdout.close)
        self.addCleanup(couch.wait)
        self.addCleanup(couch.terminate)
        database = couch.stdout.readline().strip()
        build(self.folder, "from-dump", "--source", str(self.dump))
        build(self.folder, "from-couch", "--source", database)
        self.assertEqual(files(self.folder / "from-dump"), files(self.folder / "from-couch"))

        generate(self.folder / "edit.json", "--edit", "1", "--only-edited")
        page = sites.read_dump(self.folder / "edit.json")[0]
        url = database + "/" + urllib.parse.quote(page["_id"], safe="")
        urllib.request.urlopen(urllib.request.Request(url, data=json.dumps(page).encode(), method="PUT")).read()
        build(self.folder, "from-couch", "--source", database)
        edited = sites.wikisite_file(self.folder / "from-couch" / "4242424242424242", sites.title_of(page))
        self.assertIn("Edited (revision 2)", edited.read_text())

    def test_the_driver_finds_the_file_of_every_page_of_a_folder(self):
        documents = sites.read_dump(self.dump)
        sites.write_markdown_folder(documents, self.folder / "notes")
        build(self.folder, "site", "--source", "notes", "--wiki-id", "bench")
        for page in documents[1:]:
            found = sites.wikisite_file(self.folder / "site" / "bench", sites.title_of(page))
            heading = re.search(r'<h1 class="page-title"[^>]*>(.*?)</h1>', found.read_text()).group(1)
            self.assertEqual(html.unescape(heading), sites.title_of(page))


if __name__ == "__main__":
    unittest.main()
