/// A heading of a page, as its table of contents lists it.
public struct TableOfContentsEntry: Sendable, Equatable {
    /// The heading's text.
    public var text: String
    /// The link to the heading on the page: `#` and its id.
    public var href: String
    /// 1 for `<h1>` through 6 for `<h6>`.
    public var level: Int

    /// An entry for the heading `text` of level `level`, at `href`.
    public init(text: String, href: String, level: Int) {
        self.text = text
        self.href = href
        self.level = level
    }

    var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 3)
        values.set("text", text)
        values.setHref("href", href)
        values.set("level", level)
        return values
    }
}

/// The table of contents of a page as nested ordered lists, one level of nesting per heading
/// level: a heading goes into the list of the nearest earlier heading of a lower level.
/// Levels that skip (`h2` then `h4`) nest once, not twice.
enum TableOfContentsHTML {
    /// `<ol>` lists of links for `entries`, their texts and hrefs escaped; empty for no entry.
    static func html(_ entries: [TableOfContentsEntry]) -> String {
        guard !entries.isEmpty else { return "" }
        var html = ""
        // The level of each open list, outermost first.
        var open: [Int] = []
        for entry in entries {
            while open.count > 1, open[open.count - 2] >= entry.level {
                html += "</li>\n</ol>\n"
                open.removeLast()
            }
            if let innermost = open.last, entry.level <= innermost {
                html += "</li>\n"
                open[open.count - 1] = entry.level
            } else {
                html += "<ol>\n"
                open.append(entry.level)
            }
            html += "<li><a href=\""
            ThemeHTMLEscaping.append(entry.href, to: &html)
            html += "\">"
            ThemeHTMLEscaping.append(entry.text, to: &html)
            html += "</a>"
        }
        for _ in open { html += "</li>\n</ol>\n" }
        return html
    }
}
