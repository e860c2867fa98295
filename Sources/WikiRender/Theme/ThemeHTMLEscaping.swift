import Mustache

/// The escaping of every `{{name}}` in a theme's templates: `&`, `<`, `>`, `"` and `'` become
/// character references, so text is safe both between tags and inside quoted attribute values.
///
/// swift-mustache's own HTML escaping compares whole `Character`s (grapheme clusters), so a
/// quote or `<` followed by a combining mark (`"\u{301}`) slips through unescaped. This one
/// works on the UTF-8 bytes instead, which no combination of scalars can fool. Every template
/// is parsed with the `CONTENT_TYPE` pragma that selects it (see `pragma`).
struct ThemeHTMLEscaping: MustacheContentType {
    /// The name under which the escaping is registered with swift-mustache.
    static let contentTypeName = "WIKISITE_HTML"

    /// The tag put in front of every template so that its `{{name}}`s use this escaping. It is
    /// on the template's first line, so line numbers in parse errors stay those of the file.
    static let pragma = "{{%CONTENT_TYPE:\(contentTypeName)}}"

    /// Registers the escaping with swift-mustache, once, before the first template is parsed
    /// (the pragma is looked up while parsing).
    static let registration: Void = MustacheContentTypes.register(
        ThemeHTMLEscaping(), named: contentTypeName)

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by `&amp;`, `&lt;`, `&gt;`, `&quot;`
    /// and `&#39;`; every other byte as it is.
    static func escape(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            let escapedCount = bytes.reduce(0) { $0 + (replacement(for: $1)?.count ?? 1) }
            guard escapedCount > bytes.count else { return nil }
            return String(unsafeUninitializedCapacity: escapedCount) { output in
                var index = 0
                for byte in bytes {
                    if let replacement = replacement(for: byte) {
                        for replacementByte in replacement {
                            output[index] = replacementByte
                            index += 1
                        }
                    } else {
                        output[index] = byte
                        index += 1
                    }
                }
                return index
            }
        }
        return escaped ?? text
    }

    /// Appends `text` to `output`, escaped as `escape(_:)` does: most texts have nothing to
    /// escape, and are appended without an intermediate string.
    static func append(_ text: String, to output: inout String) {
        guard text.utf8.contains(where: { replacement(for: $0) != nil }) else {
            output += text
            return
        }
        output += escape(text)
    }

    private static let ampersand: [UInt8] = Array("&amp;".utf8)
    private static let lessThan: [UInt8] = Array("&lt;".utf8)
    private static let greaterThan: [UInt8] = Array("&gt;".utf8)
    private static let quotationMark: [UInt8] = Array("&quot;".utf8)
    private static let apostrophe: [UInt8] = Array("&#39;".utf8)

    private static func replacement(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "\""): quotationMark
        case UInt8(ascii: "'"): apostrophe
        default: nil
        }
    }
}
