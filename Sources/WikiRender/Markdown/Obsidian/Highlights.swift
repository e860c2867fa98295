extension DelimitedSpans {
    /// Obsidian's highlight: `==text==` as `<mark>text</mark>`, with strikethrough's rules for
    /// which runs open and close. A single `=` or three or more stay text.
    static let highlight = DelimitedSpans(
        mark: UInt8(ascii: "="), lengths: 2...2, startTag: "<mark>", endTag: "</mark>")
}
