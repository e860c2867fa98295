/// The readable text of Markdown, for the search index's words and excerpts: wikilinks and
/// links as the words they show, embeds, HTML tags and `%%comments%%` dropped, inline markup
/// taken off, whitespace collapsed. It reads line by line and needs no parse: an excerpt is a
/// hint of where a word is, and a stray mark in it costs nothing.
public enum SearchPlainText {
    /// Calls `body` with `markdown`'s UTF-8 without its Obsidian comments (`%%…%%`, over
    /// several lines too): the bytes themselves when there is none. It looks at bytes: `%` is
    /// ASCII, and every page of a wiki passes through here.
    static func withoutComments<Result>(
        _ markdown: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let percent = UInt8(ascii: "%")
        // Most pages have no `%`: `memchr` says so faster than the loop.
        guard SourceText.contains(percent, in: markdown) else { return body(markdown) }
        var markers: [Int] = []
        var previousWasPercent = false
        for offset in markdown.indices {
            let byte = markdown[offset]
            if byte == percent, previousWasPercent {
                markers.append(offset - 1)
                previousWasPercent = false
            } else {
                previousWasPercent = byte == percent
            }
        }
        guard !markers.isEmpty else { return body(markdown) }
        var kept: [UInt8] = []
        var start = 0
        for (number, marker) in markers.enumerated() {
            if number % 2 == 0 { kept += markdown[start..<marker] }
            start = marker + 2
        }
        if markers.count % 2 == 0 { kept += markdown[start...] }
        return kept.withUnsafeBufferPointer(body)
    }

    /// The text of an ATX heading line (`## Text ##`), or nil when `line` is none.
    static func atxHeading(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingSpaces
        while text.last == "#" { text = text.dropLast() }
        return inlineText(String(text.trimmingSpaces))
    }

    /// `atxHeading` of `line`, ASCII bytes alone, each of them a character.
    static func atxHeading(asciiLine line: UnsafeBufferPointer<UInt8>) -> String? {
        let hash = UInt8(ascii: "#")
        var start = 0
        while start < line.count, line[start] == hash { start += 1 }
        guard (1...6).contains(start), start == line.count || isBlank(line[start]) else { return nil }
        var end = line.count
        func trim() {
            while start < end, isBlank(line[start]) { start += 1 }
            while end > start, isBlank(line[end - 1]) { end -= 1 }
        }
        trim()
        while end > start, line[end - 1] == hash { end -= 1 }
        trim()
        let content = UnsafeBufferPointer(rebasing: line[start..<end])
        return CollapsedText.string(capacity: content.count) { appendInlineText(of: content, to: &$0) }
    }

    /// The text of the lines `lines` of `bytes`, joined by single spaces.
    static func text(ofLines lines: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> String {
        // A line gives at most its bytes and the space before them.
        let capacity = lines.reduce(0) { $0 + $1.count + 1 }
        return CollapsedText.string(capacity: capacity) { text in append(lines, of: bytes, to: &text) }
    }

    /// Appends the text of the lines `lines` of `bytes` to `text`, each after a space.
    private static func append(
        _ lines: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, to text: inout CollapsedText
    ) {
        for line in lines {
            var start = line.lowerBound
            func skipBlanks() {
                while start < line.upperBound, isBlank(bytes[start]) { start += 1 }
            }
            skipBlanks()
            while start < line.upperBound, isMarker(bytes[start]) {
                start += 1
                skipBlanks()
            }
            let content = UnsafeBufferPointer(rebasing: bytes[start..<line.upperBound])
            if content.allSatisfy({ isBlank($0) || isRuleByte($0) }) { continue }
            text.append(space)
            appendInlineText(of: content, to: &text)
        }
    }

    /// Whether `byte` is a space or a tab.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Whether `byte` opens a quote or a list item: `>`, `-`, `*` or `+`.
    private static func isMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
    }

    /// `text` with its inline syntax taken off: embeds dropped, wikilinks and links as the words
    /// they show, HTML tags dropped, emphasis and code marks off.
    static func inlineText(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            CollapsedText.string(capacity: bytes.count) { appendInlineText(of: bytes, to: &$0) }
        }
    }

    private static let space = UInt8(ascii: " ")
    /// Whether `byte` is one of what the lines of rules and tables' delimiter rows are made of.
    private static func isRuleByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":")
    }
    private static let tab = UInt8(ascii: "\t")

    /// Appends the readable text of the Markdown `line` to `out`, a byte at a time (every
    /// syntax character is ASCII, so no UTF-8 sequence is cut).
    private static func appendInlineText(of line: UnsafeBufferPointer<UInt8>, to out: inout CollapsedText) {
        let (open, close) = (UInt8(ascii: "["), UInt8(ascii: "]"))
        /// Where the first `]]` at or after `position` starts.
        func closing(from position: Int) -> Int? {
            var at = position
            while at + 1 < line.count {
                if line[at] == close, line[at + 1] == close { return at }
                at += 1
            }
            return nil
        }
        func next(_ offset: Int, of index: Int) -> UInt8? {
            index + offset < line.count ? line[index + offset] : nil
        }
        var index = 0
        while index < line.count {
            let byte = line[index]
            if isPlain(byte) {
                out.append(plain: byte)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "!"), next(1, of: index) == open, next(2, of: index) == open,
                let end = closing(from: index + 3)
            {
                index = end + 2
            } else if byte == open, next(1, of: index) == open, let end = closing(from: index + 2) {
                var inside = line[(index + 2)..<end]
                if let bar = inside.firstIndex(of: UInt8(ascii: "|")) { inside = inside[(bar + 1)...] }
                if let hash = inside.firstIndex(of: UInt8(ascii: "#")) { inside = inside[..<hash] }
                for byte in inside { out.append(byte) }
                index = end + 2
            } else if byte == UInt8(ascii: "<"), let end = line[index...].firstIndex(of: UInt8(ascii: ">")) {
                out.append(space)
                index = end + 1
            } else if byte == close, next(1, of: index) == UInt8(ascii: "("),
                let end = line[index...].firstIndex(of: UInt8(ascii: ")"))
            {
                index = end + 1
            } else {
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "`"), open, close: break
                case UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "="), UInt8(ascii: "|"), tab: out.append(space)
                default: out.append(byte)
                }
                index += 1
            }
        }
    }

    /// Whether `byte` is text whatever its neighbours, neither a space nor a byte that may start
    /// syntax: any but a tab, a space and `` !*<=[]_`|~ ``. Bytes above 0x7F are; below, a set
    /// bit of `syntaxBytes` says which are not.
    @inline(__always) private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte < 0x40 ? syntaxBytes.low >> byte : syntaxBytes.high >> (byte - 0x40)) & 1 == 0
    }

    /// The bytes `isPlain` is false for, as bits: tab, space, `!`, `*`, `<`, `=` below 0x40;
    /// `[`, `]`, `_`, `` ` ``, `|`, `~` from 0x40.
    @inline(__always) private static var syntaxBytes: (low: UInt64, high: UInt64) {
        (
            1 << 9 | 1 << 32 | 1 << 33 | 1 << 42 | 1 << 60 | 1 << 61,
            1 << 27 | 1 << 29 | 1 << 31 | 1 << 32 | 1 << 60 | 1 << 62
        )
    }

    /// Text made a byte at a time into a string's own storage, runs of spaces made one, none
    /// at either end: spaces collapsed as they come, not in a pass of their own.
    private struct CollapsedText {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        private var count = 0
        /// Whether the text is empty or ends with a space: a space now would be one too many.
        private var spaceEnds = true

        /// The string of the text `body` makes, in at most `capacity` bytes.
        static func string(capacity: Int, _ body: (inout CollapsedText) -> Void) -> String {
            String(unsafeUninitializedCapacity: capacity) { buffer in
                var text = CollapsedText(buffer: buffer)
                body(&text)
                return text.count > 0 && text.spaceEnds ? text.count - 1 : text.count
            }
        }

        private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func append(_ byte: UInt8) {
            let isSpace = byte == space
            if isSpace, spaceEnds { return }
            spaceEnds = isSpace
            append(byte: byte)
        }

        /// Appends `byte`, which is not a space.
        @inline(__always) mutating func append(plain byte: UInt8) {
            spaceEnds = false
            append(byte: byte)
        }

        @inline(__always) private mutating func append(byte: UInt8) {
            precondition(count < buffer.count, "plain text is never longer than its Markdown")
            buffer[count] = byte
            count += 1
        }
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        guard let start = firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return self[endIndex...] }
        return self[start...last]
    }
}
