/// The bytes of an XML 1.0 document being written, in UTF-8.
///
/// Text and attribute values are escaped here, whatever they hold: `&`, `<` and `>` become
/// entity references (so `]]>` cannot end anything), and attribute values also escape `"`,
/// `'`, tab and line breaks, which a parser would otherwise normalize away. Characters that
/// XML 1.0 does not allow at all, even as references (C0 controls other than tab, line feed
/// and carriage return, U+FFFE, U+FFFF), are replaced by U+FFFD, so a title or user name
/// holding them still makes a well-formed document.
package struct XMLOutput {
    /// The document so far.
    private(set) var bytes: [UInt8] = []

    /// Nothing yet: a fragment, or a document whose declaration comes next.
    init() {}

    /// Appends the XML declaration, which starts a document.
    mutating func declaration() {
        markup("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// Appends bytes written by another `XMLOutput`.
    mutating func append(_ other: XMLOutput) {
        bytes += other.bytes
    }

    /// Appends markup the caller wrote: element names, fixed attributes, line breaks.
    mutating func markup(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` as character data.
    mutating func text(_ text: String) {
        append(text, inAttribute: false)
    }

    /// Appends `value` as the inside of a `"`-quoted attribute value.
    mutating func attributeValue(_ value: String) {
        append(value, inAttribute: true)
    }

    /// Appends `<name>text</name>`.
    mutating func element(_ name: StaticString, text value: String) {
        markup("<")
        markup(name)
        markup(">")
        text(value)
        markup("</")
        markup(name)
        markup(">")
    }

    /// How many bytes `text(text)` appends: its UTF-8 length when nothing in it is escaped (the
    /// percent-encoded URLs of sitemaps), else counted by writing it.
    static func textByteCount(_ text: String) -> Int {
        let utf8 = text.utf8
        guard utf8.allSatisfy(isPlain) else {
            var output = XMLOutput()
            output.text(text)
            return output.bytes.count
        }
        return utf8.count
    }

    private mutating func append(_ text: String, inAttribute: Bool) {
        let utf8 = text.utf8
        if utf8.allSatisfy(Self.isPlain) {
            bytes.append(contentsOf: utf8)
            return
        }
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "&"): bytes += Self.ampersand
            case UInt8(ascii: "<"): bytes += Self.lessThan
            case UInt8(ascii: ">"): bytes += Self.greaterThan
            case UInt8(ascii: "\""): appendEscaped(byte, as: Self.quote, if: inAttribute)
            case UInt8(ascii: "'"): appendEscaped(byte, as: Self.apostrophe, if: inAttribute)
            case 0x09: appendEscaped(byte, as: Self.tab, if: inAttribute)
            case 0x0A: appendEscaped(byte, as: Self.lineFeed, if: inAttribute)
            case 0x0D: bytes += Self.carriageReturn
            case 0x00...0x1F: bytes += Self.replacementCharacter
            case 0xEF:
                // A String is valid UTF-8: EF leads a three-byte sequence. U+FFFE and U+FFFF
                // are EF BF BE and EF BF BF.
                let second = iterator.next() ?? 0
                let third = iterator.next() ?? 0
                if second == 0xBF && (third == 0xBE || third == 0xBF) {
                    bytes += Self.replacementCharacter
                } else {
                    bytes.append(byte)
                    bytes.append(second)
                    bytes.append(third)
                }
            default: bytes.append(byte)
            }
        }
    }

    /// Appends `reference` for `byte` when `escaped`, else `byte` itself.
    private mutating func appendEscaped(_ byte: UInt8, as reference: [UInt8], if escaped: Bool) {
        if escaped {
            bytes += reference
        } else {
            bytes.append(byte)
        }
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&apos;".utf8)
    private static let tab = Array("&#9;".utf8)
    private static let lineFeed = Array("&#10;".utf8)
    /// Written as a reference even in text, so a parser does not turn CR LF into LF.
    private static let carriageReturn = Array("&#13;".utf8)
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// A byte that is written as it is in text and attributes alike.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF:
            false
        default: byte >= 0x20
        }
    }
}
