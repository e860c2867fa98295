"""The benchmark corpus as the other sources of the benchmarks: a folder of Markdown for
`wikisite serve --source`, and a Hugo site for `hugo` and `hugo server`. Both are written from an
`_all_docs` dump of `wikisite-corpus generate`, so every source holds the same pages.

Run as a script, it writes the Hugo site of a dump: `sites.py hugo DUMP SITE` (make bench's full
build beside Hugo)."""

import json
import os
import pathlib
import re
import sys
import unicodedata

HUGO_CONFIG = 'baseURL = "http://127.0.0.1/"\ntitle = "Benchmark Wiki"\n'
HUGO_SINGLE = (
    "<!DOCTYPE html>\n<html><head><title>{{ .Title }}</title></head>\n"
    "<body><h1>{{ .Title }}</h1>\n{{ .Content }}\n</body></html>\n"
)
HUGO_LIST = (
    "<!DOCTYPE html>\n<html><head><title>{{ .Title }}</title></head>\n<body><ul>\n"
    '{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>\n{{ end }}'
    "</ul></body></html>\n"
)


def read_dump(path):
    """The documents of an `_all_docs` dump: the wiki's, then its pages in order."""
    with open(path, encoding="utf-8") as file:
        return [row["doc"] for row in json.load(file)["rows"]]


def title_of(page):
    """A page document's title: its `_id` after `<wiki>:`."""
    return page["_id"].split(":", 1)[1]


def replace(path, text, scratch):
    """Writes `text` to `path` by a rename from `scratch`, as editors save, so that a watcher
    never reads half a file. `scratch` is outside the watched folders, on the same file system."""
    scratch.write_text(text, encoding="utf-8")
    os.replace(scratch, path)


def write_markdown_folder(documents, folder):
    """Writes the wiki as a folder of Markdown: `index.md` (its home) and `<title>.md` a page."""
    folder.mkdir(parents=True)
    (folder / "index.md").write_text(documents[0]["markdown"], encoding="utf-8")
    for page in documents[1:]:
        (folder / (title_of(page) + ".md")).write_text(page["markdown"], encoding="utf-8")


WIKILINK = re.compile(r"\[\[([^\]|]+)(?:\|([^\]]+))?\]\]")


def hugo_urls(documents):
    """The URL of each page's content file in the Hugo site, by title: `/p000042/`."""
    return {title_of(page): "/" + hugo_name(index)[:-3] + "/" for index, page in enumerate(documents[1:])}


def hugo_links(markdown, urls):
    """`markdown` with its wikilinks written as Markdown links to the pages' URLs, as a Hugo
    writer links: `[[Title]]` and `[[Title|label]]` become `[label](/p000042/)`; a link to a page
    the wiki lacks becomes its text."""

    def link(match):
        target, label = match.group(1), match.group(2) or match.group(1)
        url = urls.get(target.strip())
        return f"[{label}]({url})" if url else label

    return WIKILINK.sub(link, markdown)


def hugo_content(page, urls):
    """A page as a Hugo content file: its title in the front matter, then its Markdown, its
    wikilinks written as links to `urls` (`hugo_urls`)."""
    title = json.dumps(title_of(page), ensure_ascii=False)
    return "---\ntitle: " + title + "\n---\n" + hugo_links(page["markdown"], urls)


def hugo_name(index):
    """The content file of the `index`th page (from 0) in the Hugo site: `p000042.md`."""
    return f"p{index:06d}.md"


def write_hugo_site(documents, site):
    """Writes the wiki as a Hugo site: one content file a page, and a minimal theme of two
    layouts (a page, and a list of pages for the home)."""
    content = site / "content"
    layouts = site / "layouts" / "_default"
    content.mkdir(parents=True)
    layouts.mkdir(parents=True)
    (site / "config.toml").write_text(HUGO_CONFIG)
    (layouts / "single.html").write_text(HUGO_SINGLE)
    (layouts / "list.html").write_text(HUGO_LIST)
    urls = hugo_urls(documents)
    for index, page in enumerate(documents[1:]):
        (content / hugo_name(index)).write_text(hugo_content(page, urls), encoding="utf-8")
    return urls


def wikisite_file(wiki_folder, title):
    """The file `wikisite` wrote for the page `title` in `wiki_folder` (docs/URLs and files.md):
    the readable part of the title, then `~` and a hash when one is needed."""
    readable = ""
    for character in unicodedata.normalize("NFC", title).replace(" ", "_"):
        keep = character.isalnum() or unicodedata.category(character).startswith("M") or character in "-._(),+'!"
        readable += character if keep else "-"
    readable = readable.encode()[:120].decode(errors="ignore")
    if readable.startswith("."):
        readable = "-" + readable[1:]
    found = [path for path in wiki_folder.glob(readable + "*.html") if path.stem.split("~")[0] == readable]
    if len(found) != 1:
        raise SystemExit(f"no single file for the page {title!r} in {wiki_folder}: {found}")
    return found[0]


def hugo_file(public, index):
    """The file `hugo` writes for the `index`th page: `public/p000042/index.html`."""
    return pathlib.Path(public) / hugo_name(index)[:-3] / "index.html"


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] != "hugo":
        raise SystemExit("usage: sites.py hugo DUMP SITE")
    write_hugo_site(read_dump(sys.argv[2]), pathlib.Path(sys.argv[3]))
