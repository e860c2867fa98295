/// Reads raw HTML into tokens by the HTML standard's tokenizer rules ("13.2.5 Tokenization"):
/// the data, tag open, tag name, attribute name and value, self-closing, comment, doctype and
/// bogus comment states, and character references in attribute values.
///
/// Only what deciding which tags to keep needs is read: a doctype or comment is `ignored`
/// whole, and a raw text element's content is one `rawText` token up to its end tag, as the
/// tree builder makes the tokenizer read it. A processing instruction and a CDATA section,
/// which HTML reads as comments ending at the first `>`, are read to the ends cmark gives
/// them, `?>` and `]]>`, so that none of their text shows. The text is read alone: a tag the text ends
/// inside is `ignored`, as the standard drops a tag cut by the end of the file. Line breaks are
/// whitespace whether written as LF, CR or CRLF, as the standard's input preprocessing makes them.
struct HTMLTokenizer {
    /// Elements whose content a browser reads as text up to their end tag: raw text, escapable
    /// raw text (`textarea`, `title`), `noscript` (scripting on) and `plaintext` (to the end).
    static let rawTextElements: Set<String> = [
        "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext",
    ]

    private let bytes: [UInt8]
    private var index = 0
    private var tokens: [HTMLToken] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tokens of `bytes`, in order.
    static func tokens(of bytes: [UInt8]) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(bytes)
        tokenizer.readData()
        return tokenizer.tokens
    }

    // MARK: Data

    /// The data state: text up to each `<` that starts a tag, a comment or a declaration.
    private mutating func readData() {
        var textStart = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let tagStart = index
            index += 1
            guard let token = readTagOpen() else {
                index = tagStart + 1
                continue
            }
            appendText(textStart..<tagStart)
            tokens.append(token)
            if case .startTag(let tag) = token, Self.rawTextElements.contains(tag.name) {
                readRawText(of: tag.name)
            }
            textStart = index
        }
        appendText(textStart..<bytes.count)
    }

    private mutating func appendText(_ range: Range<Int>) {
        if !range.isEmpty { tokens.append(.text(Array(bytes[range]))) }
    }

    /// The content of the raw text element `name` up to its end tag (`</name` and whitespace,
    /// `/` or `>`, in any case), which is left for `readData`; `plaintext` has none.
    private mutating func readRawText(of name: String) {
        let start = index
        let end = Array(name.utf8)
        while index < bytes.count, name != "plaintext" {
            if bytes[index] == UInt8(ascii: "<"), index + 2 + end.count <= bytes.count,
                bytes[index + 1] == UInt8(ascii: "/"),
                zip(bytes[(index + 2)..<(index + 2 + end.count)], end).allSatisfy({ Self.lowercased($0) == $1 }),
                index + 2 + end.count == bytes.count || Self.endsTagName(bytes[index + 2 + end.count])
            {
                break
            }
            index += 1
        }
        if name == "plaintext" { index = bytes.count }
        if index > start { tokens.append(.rawText(Array(bytes[start..<index]))) }
    }

    // MARK: Tags

    /// The tag open state, after a `<`: the token it starts, or nil when the `<` is text.
    private mutating func readTagOpen() -> HTMLToken? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "!"):
            index += 1
            return readMarkupDeclaration()
        case UInt8(ascii: "/"):
            index += 1
            return readEndTagOpen()
        case UInt8(ascii: "?"):
            skip(past: ["?>"])
            return .ignored
        case let byte where Self.isASCIIAlpha(byte):
            return readTag(isEnd: false)
        default:
            return nil
        }
    }

    /// The end tag open state, after `</`.
    private mutating func readEndTagOpen() -> HTMLToken? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ">"):
            index += 1
            return .ignored
        case let byte where Self.isASCIIAlpha(byte):
            return readTag(isEnd: true)
        default:
            return readBogusComment()
        }
    }

    /// The tag name state and what follows, up to the tag's `>`.
    private mutating func readTag(isEnd: Bool) -> HTMLToken {
        var name: [UInt8] = []
        while index < bytes.count, !Self.endsTagName(bytes[index]) {
            Self.appendFolded(bytes[index], to: &name)
            index += 1
        }
        guard let (attributes, isSelfClosing) = readAttributes() else { return .ignored }
        let tagName = String(decoding: name, as: UTF8.self)
        guard !isEnd else { return .endTag(tagName) }
        return .startTag(HTMLStartTag(name: tagName, attributes: attributes, isSelfClosing: isSelfClosing))
    }

    /// The states from before attribute name to the tag's `>`: the attributes (the first of
    /// each name) and whether the tag closes itself; nil when the text ends first.
    private mutating func readAttributes() -> ([HTMLStartTag.Attribute], Bool)? {
        var attributes: [HTMLStartTag.Attribute] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return (attributes, false)
            case UInt8(ascii: "/"):
                index += 1
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    return (attributes, true)
                }
            default:
                let name = readAttributeName()
                skipWhitespace()
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipWhitespace()
                    guard let read = readAttributeValue() else { return nil }
                    value = read
                }
                if !attributes.contains(where: { $0.name == name }) {
                    attributes.append(HTMLStartTag.Attribute(name: name, value: value))
                }
            }
        }
    }

    /// The attribute name state; its first byte is part of the name even when it is `=`.
    private mutating func readAttributeName() -> String {
        var name: [UInt8] = []
        repeat {
            Self.appendFolded(bytes[index], to: &name)
            index += 1
        } while index < bytes.count && !Self.endsAttributeName(bytes[index])
        return String(decoding: name, as: UTF8.self)
    }

    /// The before attribute value state and the quoted or unquoted value state after it: the
    /// value with its character references decoded, nil when the text ends inside it.
    private mutating func readAttributeValue() -> String? {
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
        if quote == UInt8(ascii: ">") { return "" }
        if isQuoted { index += 1 }
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if isQuoted ? byte == quote : Self.isWhitespace(byte) || byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "&"), let reference = CharacterReference.decode(bytes, at: index) {
                value.append(contentsOf: reference.decoded)
                index = reference.end
                continue
            }
            Self.appendFolded(byte, to: &value, lowercasing: false)
            index += 1
        }
        if isQuoted {
            guard index < bytes.count else { return nil }
            index += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    // MARK: Comments and declarations

    /// The markup declaration open state, after `<!`: a comment, a doctype, a CDATA section
    /// or a bogus comment.
    private mutating func readMarkupDeclaration() -> HTMLToken {
        if starts(with: "--") {
            index += 2
            if starts(with: ">") || starts(with: "->") {
                index += starts(with: ">") ? 1 : 2
                return .ignored
            }
            skip(past: ["-->", "--!>"])
            return .ignored
        }
        if starts(with: "[CDATA[") {
            skip(past: ["]]>"])
            return .ignored
        }
        return readBogusComment()
    }

    /// The bogus comment state, which a doctype ends as it does: up to the next `>`.
    private mutating func readBogusComment() -> HTMLToken {
        skip(past: [">"])
        return .ignored
    }

    /// Moves past the first of `ends` found, or to the end of the text.
    private mutating func skip(past ends: [String]) {
        while index < bytes.count {
            for end in ends where starts(with: end) {
                index += end.utf8.count
                return
            }
            index += 1
        }
    }

    private func starts(with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    // MARK: Bytes

    /// Appends `byte`, lowercased unless told otherwise; NUL becomes U+FFFD.
    private static func appendFolded(_ byte: UInt8, to name: inout [UInt8], lowercasing: Bool = true) {
        if byte == 0 {
            name.append(contentsOf: [0xEF, 0xBF, 0xBD])
        } else {
            name.append(lowercasing ? lowercased(byte) : byte)
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    static func isASCIIAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
    }

    /// Tab, line feed, form feed, carriage return and space.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
    }

    private static func endsTagName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func endsAttributeName(_ byte: UInt8) -> Bool {
        endsTagName(byte) || byte == UInt8(ascii: "=")
    }
}
