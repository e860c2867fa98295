/// The tags of HTML rendered without raw HTML, read strictly: every `<` must open a tag or
/// comment of the kind cmark and wikisite write or raw HTML keeps, with the attributes each may
/// carry, every attribute value must be double-quoted,
/// and text must hold no raw `>`. Anything else means something from the Markdown reached the
/// HTML unescaped, and is an ``InvariantViolation``.
struct HTMLTags {
    /// One start or end tag.
    struct Tag {
        let name: String
        let isEnd: Bool
        /// The attributes in order, their values as written (character references not decoded).
        let attributes: [(name: String, value: String)]

        func value(of attribute: String) -> String? {
            attributes.first { $0.name == attribute }?.value
        }
    }

    /// The elements cmark's HTML renderer writes, wikisite's links, headings and embeds,
    /// GitHub's extensions (tables in their scrolling `div`, task list checkboxes, `del`,
    /// footnotes' `sup` and `section`) and Obsidian's (callouts, folded in `details`, and `mark`).
    static let elements: Set<String> = [
        "a", "blockquote", "br", "code", "del", "details", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img",
        "input", "li", "mark", "ol", "p", "pre", "section", "span", "strong", "summary", "sup", "table", "tbody", "td",
        "th", "thead", "tr", "ul",
    ]
    /// The elements among them that have no end tag.
    static let voidElements: Set<String> = ["br", "hr", "img", "input"]
    /// The attributes they carry.
    static let attributes: Set<String> = [
        "align", "alt", "aria-hidden", "aria-label", "checked", "class", "data-callout", "data-callout-metadata",
        "disabled", "download", "href",
        "id", "open", "role", "src", "start", "tabindex", "title", "type",
    ]
    /// The elements a writer's raw HTML keeps in a wiki without `raw_html`, each with the only
    /// attributes it may carry there. Written out here as the guide states it, not read from
    /// the renderer, so the check does not trust the list it checks.
    static let rawHTMLElements: [String: Set<String>] = [
        "br": [], "kbd": [], "sub": [], "sup": [], "mark": [], "small": [], "summary": [], "ins": [], "del": [],
        "abbr": ["title"], "details": ["open"], "span": ["class"], "div": ["class"],
        "img": ["src", "alt", "width", "height"],
    ]
    /// The attributes written without a value: the marks of footnotes, as GitHub writes them.
    static let valuelessAttributes: Set<String> = ["data-footnotes", "data-footnote-ref", "data-footnote-backref"]
    /// The only comment: cmark's stand-in for raw HTML it leaves out.
    static let omittedHTML = "<!-- raw HTML omitted -->"

    private(set) var tags: [Tag] = []

    /// The attributes the element `name` may carry: those raw HTML keeps on it, and any that
    /// cmark and wikisite write when they write it too; nil for an element neither writes.
    static func attributes(of name: String) -> Set<String>? {
        elements.contains(name) ? attributes.union(rawHTMLElements[name] ?? []) : rawHTMLElements[name]
    }

    /// Reads the tags of `html`.
    init(_ html: String) throws(InvariantViolation) {
        let bytes = Array(html.utf8)
        let omitted = Array(Self.omittedHTML.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ">"):
                throw InvariantViolation("a raw '>' in the text of the HTML at byte \(index): \(context(bytes, index))")
            case UInt8(ascii: "<"):
                if bytes[index...].starts(with: omitted) {
                    index += omitted.count
                    continue
                }
                var reader = TagReader(bytes: bytes, index: index + 1)
                tags.append(try reader.readTag())
                index = reader.index
            default:
                index += 1
            }
        }
    }

    /// A tag's text, read from after its `<`.
    private struct TagReader {
        let bytes: [UInt8]
        var index: Int

        mutating func readTag() throws(InvariantViolation) -> Tag {
            let start = index - 1
            let isEnd = skip(UInt8(ascii: "/"))
            let name = word()
            guard let allowedAttributes = HTMLTags.attributes(of: name) else {
                throw InvariantViolation("a '<' that opens no known element: \(context(bytes, start))")
            }
            var attributes: [(name: String, value: String)] = []
            while true {
                while skip(UInt8(ascii: " ")) {}
                if skip(UInt8(ascii: ">")) { break }
                if skip(UInt8(ascii: "/")) {
                    guard skip(UInt8(ascii: ">")) else { throw malformed(start) }
                    break
                }
                let attribute = word()
                if !isEnd, HTMLTags.valuelessAttributes.contains(attribute) {
                    attributes.append((attribute, ""))
                    continue
                }
                guard !isEnd, allowedAttributes.contains(attribute) else {
                    throw InvariantViolation("an unexpected attribute \(shown(attribute)): \(context(bytes, start))")
                }
                guard skip(UInt8(ascii: "=")), skip(UInt8(ascii: "\"")) else { throw malformed(start) }
                let valueStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: ">") { throw malformed(start) }
                    index += 1
                }
                guard index < bytes.count else { throw malformed(start) }
                attributes.append((attribute, String(decoding: bytes[valueStart..<index], as: UTF8.self)))
                index += 1
            }
            return Tag(name: name, isEnd: isEnd, attributes: attributes)
        }

        private mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Lowercase letters, digits and `-`.
        private mutating func word() -> String {
            let start = index
            while index < bytes.count,
                case let byte = bytes[index],
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            {
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private func malformed(_ start: Int) -> InvariantViolation {
            InvariantViolation("a malformed tag: \(context(bytes, start))")
        }
    }
}

/// The HTML around `index`, for messages.
private func context(_ bytes: [UInt8], _ index: Int) -> String {
    shown(bytes[max(0, index - 40)..<min(bytes.count, index + 80)], limit: 120)
}

/// URLs in `href` and `src` that would run script or reach local files.
enum DangerousURL {
    /// Whether a browser would read `value` (an attribute value as written) as a `javascript:`,
    /// `vbscript:`, `file:` or `data:` URL other than the images cmark lets through.
    static func isDangerous(_ value: String) -> Bool {
        let url = decoded(value)
        // Browsers drop tabs and line breaks anywhere, and leading spaces and controls.
        let cleaned = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            .drop { $0.value <= 0x20 }
        let lowered = String(String.UnicodeScalarView(cleaned)).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:"] where lowered.hasPrefix(scheme) { return true }
        if lowered.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
                lowered.hasPrefix($0)
            }
        }
        return false
    }

    /// `value` with its character references decoded (`&amp;`, `&#58;`, `&#x3A;`…).
    static func decoded(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(value.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (scalar, end) = reference(in: scalars, at: index) {
                result.append(scalar)
                index = end
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
    ]

    /// The character reference at `index` (an `&`), and where it ends.
    private static func reference(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        guard let semicolon = scalars[index...].prefix(12).firstIndex(of: ";") else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { ($0, semicolon + 1) }
        }
        if body.hasPrefix("#") {
            return UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { ($0, semicolon + 1) }
        }
        return named[body.lowercased()].map { ($0, semicolon + 1) }
    }
}
