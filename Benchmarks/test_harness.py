"""Checks of make bench's own parts that need no binary: the Hugo site's links (live/sites.py)
and the chart (chart.py). make bench runs them before it measures.

Usage: python3 -m unittest discover -s Benchmarks -p 'test_harness.py'
"""

import pathlib
import sys
import unittest
import xml.etree.ElementTree as ElementTree

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE / "live"))

import chart  # noqa: E402
import sites  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


class HugoSiteTests(unittest.TestCase):
    def test_a_wikilink_becomes_a_markdown_link_to_its_pages_url(self):
        urls = {"Sync Engine": "/p000001/", "Café": "/p000002/"}
        text = "See [[Sync Engine]], [[Café|the café]] and [[Nowhere]]; `x = [[1, 2], [3, 4]]`."
        self.assertEqual(
            sites.hugo_links(text, urls),
            "See [Sync Engine](/p000001/), [the café](/p000002/) and Nowhere; `x = [[1, 2], [3, 4]]`.")

    def test_each_page_gets_the_url_of_its_content_file(self):
        documents = [{"_id": "w"}, {"_id": "w:A", "markdown": "[[B]]"}, {"_id": "w:B", "markdown": "[[A|a]]"}]
        urls = sites.hugo_urls(documents)
        self.assertEqual(urls, {"A": "/p000000/", "B": "/p000001/"})
        self.assertTrue(sites.hugo_content(documents[1], urls).endswith("\n---\n[B](/p000001/)"))


class ChartTests(unittest.TestCase):
    DATA = ["1000 floor 0.03", "1000 full 0.2", "1000 edit 0.02", "10000 floor 0.25", "10000 full 1.3",
            "10000 edit 0.05", "10000 store-edit 0.024"]

    def test_each_measured_key_is_a_line_with_a_point_a_size(self):
        root = ElementTree.fromstring(chart.chart(chart.read(self.DATA), "abc1234"))
        lines = root.findall(f".//{SVG}polyline")
        self.assertEqual([len(line.get("points").split()) for line in lines], [2, 2, 2, 1])
        self.assertEqual(len(root.findall(f".//{SVG}circle")), 7)
        self.assertIn("abc1234", root.find(f"{SVG}title").text)

    def test_a_faster_measure_is_drawn_lower(self):
        root = ElementTree.fromstring(chart.chart(chart.read(self.DATA), ""))
        full, floor = (root.find(f".//{SVG}polyline[@stroke='{colour}']") for colour in ("#1f6feb", "#6e7781"))
        height = lambda line: float(line.get("points").split()[0].split(",")[1])  # noqa: E731
        self.assertLess(height(full), height(floor))

    def test_the_time_axis_spans_the_measured_decades(self):
        self.assertEqual(chart.decades(0.02, 1.3), [0.01, 0.1, 1.0, 10.0])
        self.assertEqual(chart.seconds_label(0.01), "10 ms")
        self.assertEqual(chart.seconds_label(10.0), "10 s")


if __name__ == "__main__":
    unittest.main()
