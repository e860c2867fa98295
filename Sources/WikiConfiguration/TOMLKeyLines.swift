/// The line where each key of a TOML file is written: TOMLKit gives a document's values but not
/// where they are, and an error about a key should name its line.
///
/// Reads a document TOMLKit has already parsed (so it is valid TOML) and notes, for every key
/// path, the first line that defines it: a table header (`[wikis."x"]`) defines the table's
/// path, a key (`slug = …`, `a.b = …`, keys of inline tables) the table's path followed by the
/// key's. Quoted keys are decoded as TOML decodes them. Keys inside arrays are not noted (their
/// path would need an index); a lookup falls back to the nearest enclosing path that is.
package struct TOMLKeyLines {
    private var lines: [[ExactKey]: Int] = [:]

    /// Notes the keys of `text`, a valid TOML document.
    init(text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.scanDocument()
        lines = scanner.lines
    }

    /// The line that defines `path`, or else the nearest enclosing path that has one.
    func line(of path: [String]) -> Int? {
        var keys = path.map(ExactKey.init)
        while !keys.isEmpty {
            if let line = lines[keys] { return line }
            keys.removeLast()
        }
        return nil
    }

    /// A key compared by its exact Unicode scalars, as TOML compares keys.
    private struct ExactKey: Hashable {
        let text: String

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    /// A recursive reader of the document's structure, just deep enough to follow its keys.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var lines: [[ExactKey]: Int] = [:]

        mutating func scanDocument() {
            var table: [String] = []
            while true {
                skipBlank(newlines: true)
                guard let byte = peek() else { return }
                let start = position
                if byte == UInt8(ascii: "[") {
                    let isArrayOfTables = peek(1) == UInt8(ascii: "[")
                    position += isArrayOfTables ? 2 : 1
                    table = keyPath()
                    note(table, line: line)
                    position += isArrayOfTables ? 2 : 1
                } else {
                    let keyLine = line
                    let path = table + keyPath()
                    note(path, line: keyLine)
                    skipBlank(newlines: false)
                    if peek() == UInt8(ascii: "=") { position += 1 }
                    value(path: path)
                }
                skipToLineEnd()
                if position == start { position += 1 }
            }
        }

        // MARK: Values

        /// Reads one value; notes the keys of inline tables below `path` (nil inside arrays).
        private mutating func value(path: [String]?) {
            skipBlank(newlines: false)
            guard let byte = peek() else { return }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                _ = string()
            case UInt8(ascii: "["):
                position += 1
                while true {
                    skipBlank(newlines: true)
                    guard let next = peek(), next != UInt8(ascii: "]") else { break }
                    let start = position
                    value(path: nil)
                    skipBlank(newlines: true)
                    if peek() == UInt8(ascii: ",") { position += 1 }
                    if position == start { position += 1 }
                }
                position += 1
            case UInt8(ascii: "{"):
                position += 1
                while true {
                    skipBlank(newlines: false)
                    guard let next = peek(), next != UInt8(ascii: "}"), next != UInt8(ascii: "\n") else { break }
                    let start = position
                    let keyLine = line
                    let inner = path.map { $0 + keyPath() }
                    if let inner { note(inner, line: keyLine) } else { _ = keyPath() }
                    skipBlank(newlines: false)
                    if peek() == UInt8(ascii: "=") { position += 1 }
                    value(path: inner)
                    skipBlank(newlines: false)
                    if peek() == UInt8(ascii: ",") { position += 1 }
                    if position == start { position += 1 }
                }
                if peek() == UInt8(ascii: "}") { position += 1 }
            default:
                // A number, boolean or date: up to the next delimiter (a date may hold a space).
                while let next = peek(), !Self.endsScalar(next) { position += 1 }
            }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                UInt8(ascii: "#"):
                true
            default:
                false
            }
        }

        // MARK: Keys

        /// A dotted key (`a."b c".'d'`), its parts decoded.
        private mutating func keyPath() -> [String] {
            var parts: [String] = []
            while true {
                skipBlank(newlines: false)
                guard let byte = peek() else { break }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    parts.append(string())
                } else {
                    let start = position
                    while let next = peek(), Self.isBareKeyByte(next) { position += 1 }
                    guard position > start else { break }
                    parts.append(String(decoding: bytes[start..<position], as: UTF8.self))
                }
                skipBlank(newlines: false)
                guard peek() == UInt8(ascii: ".") else { break }
                position += 1
            }
            return parts
        }

        private static func isBareKeyByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }

        /// Notes `path`, and each of its enclosing paths not noted yet, as defined on `line`.
        private mutating func note(_ path: [String], line: Int) {
            var keys = path.map(ExactKey.init)
            while !keys.isEmpty, lines[keys] == nil {
                lines[keys] = line
                keys.removeLast()
            }
        }

        // MARK: Strings

        /// Reads a string of any of TOML's four kinds and returns its decoded text.
        private mutating func string() -> String {
            let quote = bytes[position]
            let isLiteral = quote == UInt8(ascii: "'")
            let isMultiline = peek(1) == quote && peek(2) == quote
            position += isMultiline ? 3 : 1
            if isMultiline, peek() == UInt8(ascii: "\n") { advanceLine() }
            var text: [UInt8] = []
            while let byte = peek() {
                if byte == quote {
                    if !isMultiline {
                        position += 1
                        break
                    }
                    if peek(1) == quote && peek(2) == quote {
                        // Up to two quotes may end the text just before the closing three.
                        var extra = 0
                        while extra < 2, peek(3 + extra) == quote { extra += 1 }
                        text += Array(repeating: quote, count: extra)
                        position += 3 + extra
                        break
                    }
                }
                if byte == UInt8(ascii: "\\") && !isLiteral {
                    escape(into: &text, multiline: isMultiline)
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    advanceLine()
                } else {
                    position += 1
                }
                text.append(byte)
            }
            return String(decoding: text, as: UTF8.self)
        }

        /// Decodes the escape at `position` (a backslash) into `text`.
        private mutating func escape(into text: inout [UInt8], multiline: Bool) {
            position += 1
            guard let letter = peek() else { return }
            position += 1
            switch letter {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "e"): text.append(0x1B)
            case UInt8(ascii: "x"): appendScalar(hexDigits: 2, to: &text)
            case UInt8(ascii: "u"): appendScalar(hexDigits: 4, to: &text)
            case UInt8(ascii: "U"): appendScalar(hexDigits: 8, to: &text)
            default:
                if multiline && Self.isWhitespace(letter) {
                    // A line-ending backslash: the line break and the blanks around it vanish.
                    position -= 1
                    while let next = peek(), Self.isWhitespace(next) {
                        if next == UInt8(ascii: "\n") { advanceLine() } else { position += 1 }
                    }
                } else {
                    text.append(letter)
                }
            }
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\n")
        }

        private mutating func appendScalar(hexDigits count: Int, to text: inout [UInt8]) {
            let end = min(position + count, bytes.count)
            let digits = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end
            if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
                text += Array(String(Character(scalar)).utf8)
            }
        }

        // MARK: Blanks

        private func peek(_ offset: Int = 0) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        private mutating func advanceLine() {
            position += 1
            line += 1
        }

        /// Skips spaces, tabs and comments, and line breaks too when `newlines`.
        private mutating func skipBlank(newlines: Bool) {
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    position += 1
                case UInt8(ascii: "\n") where newlines:
                    advanceLine()
                case UInt8(ascii: "#"):
                    while let next = peek(), next != UInt8(ascii: "\n") { position += 1 }
                default:
                    return
                }
            }
        }

        /// Skips what is left of the line (blanks and a comment), and the line break.
        private mutating func skipToLineEnd() {
            skipBlank(newlines: false)
            while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
            if peek() == UInt8(ascii: "\n") { advanceLine() }
        }
    }
}
