/// A part of a page under one heading, as the search index keeps it.
public struct SearchSection: Sendable, Equatable {
    /// The heading's text; empty for the part before the first heading.
    public let heading: String
    /// The heading's `id`, for the result's link; empty for the part before it.
    public let anchor: String
    /// The section's text, without Markdown's syntax, whitespace collapsed (`SearchPlainText`).
    public let text: String

    public init(heading: String, anchor: String, text: String) {
        self.heading = heading
        self.anchor = anchor
        self.text = text
    }
}

/// A page's Markdown cut at its ATX headings into sections of plain text, outside fenced code,
/// its `%%comments%%` off. It reads the text's bytes once: lines, fences and headings are found
/// in them, and each section's text is made from the lines it keeps. A line is read by
/// characters only where a byte after a fence's or a heading's marks may join them into another
/// character (a combining mark after `#`), so that the marks are what a reader sees.
public enum SearchSections {
    /// The sections of `markdown`, a page's body; each heading found takes the id of the first
    /// of `headings` (the rendered page's, in order) with its text, or none.
    public static func sections(of markdown: String, headings: [Heading]) -> [SearchSection] {
        var markdown = markdown
        return markdown.withUTF8 { sections(ofUTF8: $0, headings: headings) }
    }

    /// `sections(of:headings:)` of the UTF-8 `markdown`, valid.
    public static func sections(ofUTF8 markdown: UnsafeBufferPointer<UInt8>, headings: [Heading]) -> [SearchSection] {
        SearchPlainText.withoutComments(markdown) { bytes in
            var cutter = SectionCutter(bytes: bytes, headings: headings[...])
            cutter.cut()
            return cutter.sections
        }
    }
}

/// `SearchSections.sections`' work on one text's bytes.
private struct SectionCutter {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The headings whose ids are not taken yet.
    var headings: ArraySlice<Heading>
    private(set) var sections: [SearchSection] = []
    /// The section's heading so far: its text and id.
    private var heading = (text: "", anchor: "")
    /// The section's lines so far.
    private var lines: [Range<Int>] = []
    /// The byte of the fence the code so far is in (`` ` `` or `~`); nil outside code.
    private var fence: UInt8?

    init(bytes: UnsafeBufferPointer<UInt8>, headings: ArraySlice<Heading>) {
        self.bytes = bytes
        self.headings = headings
    }

    /// Reads every line, at each line ending CommonMark knows (`\n`, `\r\n`, `\r`), then ends
    /// the last section.
    mutating func cut() {
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            read(start..<index)
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            start = index
        }
        read(start..<bytes.count)
        endSection()
    }

    /// Takes the line `line`: a fence opens or closes code (the fence's line is text inside it
    /// only when it closes), a heading ends the section, any other line is the section's.
    private mutating func read(_ line: Range<Int>) {
        var first = line.lowerBound
        while first < line.upperBound, bytes[first] == UInt8(ascii: " ") { first += 1 }
        let trimmed = first..<line.upperBound
        let lead: UInt8? = first < line.upperBound ? bytes[first] : nil
        if let open = fence {
            if lead == open, startsFence(trimmed, of: open) { fence = nil }
            lines.append(line)
            return
        }
        if let lead, lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~"), startsFence(trimmed, of: lead) {
            fence = lead
            return
        }
        if lead == UInt8(ascii: "#"), let text = headingText(trimmed) {
            endSection()
            if let found = headings.firstIndex(where: { $0.text == text }) {
                heading = (headings[found].text, headings[found].id)
                headings = headings[(found + 1)...]
            } else {
                heading = (text, "")
            }
            return
        }
        lines.append(line)
    }

    /// Whether `line` starts with three characters `mark`: three bytes, unless a byte of another
    /// scalar after them joins the third into another character.
    private func startsFence(_ line: Range<Int>, of mark: UInt8) -> Bool {
        guard line.count >= 3, bytes[line.lowerBound + 1] == mark, bytes[line.lowerBound + 2] == mark else {
            return false
        }
        guard line.count > 3, bytes[line.lowerBound + 3] >= 0x80 else { return true }
        let characters = String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self)
        return characters.hasPrefix(String(decoding: [mark, mark, mark], as: UTF8.self))
    }

    /// The text of the ATX heading `line`, or nil when it is none. A line of ASCII alone is read
    /// by bytes, each of which is a character; any other by characters.
    private func headingText(_ line: Range<Int>) -> String? {
        let text = UnsafeBufferPointer(rebasing: bytes[line])
        guard text.allSatisfy({ $0 < 0x80 }) else {
            return SearchPlainText.atxHeading(Substring(String(decoding: text, as: UTF8.self)))
        }
        return SearchPlainText.atxHeading(asciiLine: text)
    }

    /// Makes the section of the lines so far, unless it has neither text nor heading.
    private mutating func endSection() {
        let text = SearchPlainText.text(ofLines: lines, in: bytes)
        if !text.isEmpty || !heading.text.isEmpty {
            sections.append(SearchSection(heading: heading.text, anchor: heading.anchor, text: text))
        }
        lines.removeAll(keepingCapacity: true)
    }
}
