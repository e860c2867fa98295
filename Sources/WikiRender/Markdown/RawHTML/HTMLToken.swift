/// One piece of raw HTML as the HTML standard's tokenizer reads it (`HTMLTokenizer`).
enum HTMLToken: Equatable {
    /// Text between tags, as written: its character references are not decoded.
    case text([UInt8])
    /// A start tag.
    case startTag(HTMLStartTag)
    /// An end tag, by its lowercased name (its attributes, if any, mean nothing).
    case endTag(String)
    /// What a raw text element (`<script>`, `<style>`, `<textarea>`…) holds up to its end tag:
    /// a browser reads no tags in it.
    case rawText([UInt8])
    /// A comment, a doctype, a CDATA section, a processing instruction, or a tag the text
    /// ends inside: nothing a browser shows.
    case ignored
}

/// A start tag: its name and attributes as the tokenizer reads them.
struct HTMLStartTag: Equatable {
    /// One attribute.
    struct Attribute: Equatable {
        /// Lowercased.
        let name: String
        /// With its character references decoded; empty for an attribute written without one.
        let value: String
    }

    /// Lowercased.
    let name: String
    /// In the order written; of two attributes of the same name, the first.
    let attributes: [Attribute]
    /// Whether the tag ends with `/>`.
    let isSelfClosing: Bool

    /// The value of the attribute `name`, nil when the tag has none.
    func value(of name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
