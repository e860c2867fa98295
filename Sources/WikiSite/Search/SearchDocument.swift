import WikiRender

/// One findable file of a wiki as the search index keeps it: its title, its URL in the wiki's
/// folder, and its sections, each with its heading, the heading's id and its plain text.
struct SearchDocument: Sendable, Equatable {
    /// A part of the page under one heading; the first one, before any heading, has none.
    struct Section: Sendable, Equatable {
        /// The heading's text; empty for the part before the first heading.
        let heading: String
        /// The heading's `id`, for the result's link; empty for the part before it.
        let anchor: String
        /// The section's text, without Markdown's syntax, whitespace collapsed.
        let text: String
    }

    /// The title the result shows.
    let title: String
    /// The file, relative to the wiki's folder, as an href.
    let href: String
    /// Words found in the title besides its own (the page's name under a displayed title).
    let otherTitle: String?
    let sections: [Section]

    /// A file findable by its title alone: the home, a special page.
    init(title: String, href: String) {
        self.init(title: title, href: href, otherTitle: nil, sections: [])
    }

    init(title: String, href: String, otherTitle: String?, sections: [Section]) {
        self.title = title
        self.href = href
        self.otherTitle = otherTitle
        self.sections = sections
    }

    /// The page whose body (front matter off) is `markdown`, its headings with their ids as the
    /// rendered page gives them in `headings`.
    init(title: String, otherTitle: String?, href: String, markdown: String, headings: [Heading]) {
        var sections: [Section] = []
        var heading = (text: "", anchor: "")
        var lines: [Substring] = []
        var remaining = headings[...]
        func endSection() {
            let text = SearchPlainText.text(ofLines: lines)
            if !text.isEmpty || !heading.text.isEmpty {
                sections.append(Section(heading: heading.text, anchor: heading.anchor, text: text))
            }
            lines = []
        }
        var fence: Substring?
        for line in SearchPlainText.lines(of: SearchPlainText.withoutComments(markdown)) {
            // Spaces are ASCII: dropped as bytes, not as characters.
            let trimmed = Substring(line.utf8.drop { $0 == UInt8(ascii: " ") })
            // A line whose first byte is not the first of a fence or a heading is neither: the
            // Character-level checks below are left to the few lines that might be.
            let first = trimmed.utf8.first
            if let open = fence {
                if first == open.utf8.first, trimmed.hasPrefix(open) { fence = nil }
                lines.append(line)
                continue
            }
            let mayOpenFence = first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
            if mayOpenFence, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                continue
            }
            if first == UInt8(ascii: "#"), let text = SearchPlainText.atxHeading(trimmed) {
                endSection()
                let found = remaining.firstIndex { $0.text == text }
                if let found {
                    heading = (remaining[found].text, remaining[found].id)
                    remaining = remaining[(found + 1)...]
                } else {
                    heading = (text, "")
                }
                continue
            }
            lines.append(line)
        }
        endSection()
        self.init(title: title, href: href, otherTitle: otherTitle, sections: sections)
    }
}
