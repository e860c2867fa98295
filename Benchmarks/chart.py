#!/usr/bin/env python3
"""The chart of a `make bench` run, as SVG: full-build time against pages (wikisite from the
dump beside the cmark floor and Hugo) and one-page-edit time against pages (from the dump and
from the store), both on log-log axes, so that how each grows with the wiki shows at a glance.

Usage: chart.py [--commit REV] < DATA > chart.svg

DATA has one line a measure: `PAGES KEY SECONDS`, KEY one of run.sh's keys (floor, hugo, full,
edit, store-edit), SECONDS the median of its runs. A key measured at no size is left out.
"""

import argparse
import math
import sys
from xml.sax.saxutils import escape

PANELS = [
    ("Full build", [("full", "wikisite", "#1f6feb", ""), ("floor", "cmark floor", "#6e7781", "4 3"),
                    ("hugo", "Hugo", "#cf222e", "")]),
    ("One-page edit", [("edit", "wikisite, dump", "#1f6feb", ""), ("store-edit", "wikisite, store", "#8250df", "")]),
]
WIDTH, HEIGHT = 880, 380
PANEL_WIDTH, TOP, BOTTOM, LEFT = 340, 50, 320, 70


def read(lines):
    """The medians by key, each a list of (pages, seconds) in order of pages."""
    series = {}
    for line in lines:
        fields = line.split()
        if len(fields) == 3:
            series.setdefault(fields[1], []).append((int(fields[0]), float(fields[2])))
    return {key: sorted(points) for key, points in series.items()}


def decades(low, high):
    """The powers of ten that span [low, high]."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    if first == last:
        last += 1
    return [10.0**exponent for exponent in range(first, last + 1)]


def seconds_label(value):
    """A time as its axis says it: 10 ms, 1 s, 100 s."""
    return f"{value * 1000:g} ms" if value < 1 else f"{value:g} s"


def pages_label(value):
    """A page count as its axis says it: 1,000 pages."""
    return f"{int(value):,}"


def panel(origin, title, lines, series):
    """The SVG of one panel at x `origin`: its axes, grid, one line a measured key, and legend."""
    points = [point for key, *_ in lines for point in series.get(key, [])]
    if not points:
        return []
    xs = decades(min(p for p, _ in points), max(p for p, _ in points))
    ys = decades(min(s for _, s in points), max(s for _, s in points))

    def x(pages):
        span = math.log10(xs[-1]) - math.log10(xs[0])
        return origin + PANEL_WIDTH * (math.log10(pages) - math.log10(xs[0])) / span

    def y(seconds):
        span = math.log10(ys[-1]) - math.log10(ys[0])
        return BOTTOM - (BOTTOM - TOP) * (math.log10(seconds) - math.log10(ys[0])) / span

    out = [f'<text x="{origin + PANEL_WIDTH / 2:.1f}" y="30" class="title">{escape(title)}</text>']
    for value in xs:
        out.append(f'<line x1="{x(value):.1f}" y1="{TOP}" x2="{x(value):.1f}" y2="{BOTTOM}" class="grid"/>')
        out.append(f'<text x="{x(value):.1f}" y="{BOTTOM + 18}" class="tick">{pages_label(value)}</text>')
    for value in ys:
        out.append(f'<line x1="{origin}" y1="{y(value):.1f}" x2="{origin + PANEL_WIDTH}" y2="{y(value):.1f}" class="grid"/>')
        out.append(f'<text x="{origin - 6}" y="{y(value) + 4:.1f}" class="tick left">{seconds_label(value)}</text>')
    out.append(f'<text x="{origin + PANEL_WIDTH / 2:.1f}" y="{BOTTOM + 38}" class="tick">pages</text>')
    legend_y = TOP + 6
    for key, name, colour, dash in lines:
        measured = series.get(key)
        if not measured:
            continue
        path = " ".join(f"{x(p):.1f},{y(s):.1f}" for p, s in measured)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{path}" stroke="{colour}"{dashes} class="line"/>')
        for p, s in measured:
            label = f"{name}: {seconds_label(round(s, 3))} at {pages_label(p)} pages"
            out.append(f'<circle cx="{x(p):.1f}" cy="{y(s):.1f}" r="3" fill="{colour}"><title>{escape(label)}</title></circle>')
        out.append(f'<line x1="{origin + 10}" y1="{legend_y}" x2="{origin + 30}" y2="{legend_y}" stroke="{colour}"{dashes} class="line"/>')
        out.append(f'<text x="{origin + 36}" y="{legend_y + 4}" class="legend">{escape(name)}</text>')
        legend_y += 16
    return out


def chart(series, commit):
    """The whole SVG document."""
    description = "; ".join(
        f"{key}: " + ", ".join(f"{seconds_label(round(s, 3))} at {pages_label(p)} pages" for p, s in points)
        for key, points in sorted(series.items()))
    body = []
    for index, (title, lines) in enumerate(PANELS):
        body += panel(LEFT + index * (PANEL_WIDTH + 90), title, lines, series)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="t d">',
        f'<title id="t">make bench at {escape(commit)}: median time against pages, log-log</title>',
        f'<desc id="d">{escape(description)}</desc>',
        "<style>text{font:12px sans-serif;fill:#24292f}.title{font-weight:bold;text-anchor:middle}"
        ".tick{text-anchor:middle;fill:#57606a}.left{text-anchor:end}.grid{stroke:#d0d7de;stroke-width:1}"
        ".line{fill:none;stroke-width:2}</style>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    return "\n".join(head + body + ["</svg>", ""])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", default="", help="the commit measured, named in the title")
    arguments = parser.parse_args()
    sys.stdout.write(chart(read(sys.stdin), arguments.commit))


if __name__ == "__main__":
    main()
