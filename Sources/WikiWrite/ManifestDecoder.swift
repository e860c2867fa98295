import WikiDocuments

/// Reads `manifest.json`, the manifest of wikisite up to state format 3 (the build state takes it
/// over once): exactly the shape those versions wrote (any JSON whitespace allowed), refusing
/// anything else with the byte offset where it went wrong.
struct ManifestDecoder {
    /// The format version this code reads.
    static let version = 1

    private let bytes: [UInt8]
    private let path: String
    private var offset = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func decode() throws -> [ExactString: ContentHash] {
        var hashes: [ExactString: ContentHash]?
        var version: Int?
        try expect("{")
        if !consume("}") {
            repeat {
                let keyOffset = position()
                let key = try readString()
                try expect(":")
                switch key {
                case "files" where hashes == nil: hashes = try readFiles()
                case "version" where version == nil:
                    let versionOffset = position()
                    version = try readInteger()
                    if version != Self.version {
                        throw failure("version \(version!) is not one this wikisite reads", at: versionOffset)
                    }
                default: throw failure("unexpected key \(key.debugDescription)", at: keyOffset)
                }
            } while consume(",")
            try expect("}")
        }
        skipWhitespace()
        if offset < bytes.count { throw failure("unexpected content after the end") }
        guard version != nil else { throw failure("the \"version\" key is missing") }
        guard let hashes else { throw failure("the \"files\" key is missing") }
        return hashes
    }

    /// The `"files"` object: path → hash.
    private mutating func readFiles() throws -> [ExactString: ContentHash] {
        var hashes: [ExactString: ContentHash] = [:]
        try expect("{")
        if consume("}") { return hashes }
        repeat {
            let pathOffset = position()
            let path = try readString()
            do {
                try RelativePath.check(path, for: .read)
            } catch let error as WriteError {
                guard case .invalidPath(let reason) = error.problem else { throw error }
                throw failure("the path \(path.debugDescription) is not valid: \(reason)", at: pathOffset)
            }
            try expect(":")
            let hashOffset = position()
            guard let hash = ContentHash(hexadecimal: try readString().utf8) else {
                throw failure("a hash is 16 lowercase hexadecimal digits", at: hashOffset)
            }
            if hashes.updateValue(hash, forKey: ExactString(path)) != nil {
                throw failure("the path \(path.debugDescription) is listed twice", at: pathOffset)
            }
        } while consume(",")
        try expect("}")
        return hashes
    }

    private mutating func readString() throws -> String {
        try expect("\"")
        var text: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                let string = String(decoding: text, as: UTF8.self)
                guard string.utf8.elementsEqual(text) else { throw failure("a string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                try readEscape(into: &text)
            case 0..<0x20:
                throw failure("a control character inside a string", at: offset - 1)
            default:
                text.append(byte)
            }
        }
        throw failure("the file ends inside a string")
    }

    /// Reads what follows a backslash, appending the character it stands for.
    private mutating func readEscape(into text: inout [UInt8]) throws {
        guard offset < bytes.count else { throw failure("the file ends inside a string") }
        let escaped = bytes[offset]
        offset += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
            UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0c,
            UInt8(ascii: "n"): 0x0a, UInt8(ascii: "r"): 0x0d, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[escaped] {
            text.append(byte)
            return
        }
        guard escaped == UInt8(ascii: "u") else {
            throw failure("an unknown escape sequence", at: offset - 2)
        }
        let escapeOffset = offset - 2
        var scalar = try readHexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard consume("\\", skippingWhitespace: false), consume("u", skippingWhitespace: false) else {
                throw failure("a lone surrogate", at: escapeOffset)
            }
            let low = try readHexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw failure("a lone surrogate", at: escapeOffset)
            }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let character = Unicode.Scalar(scalar) else {
            throw failure("a lone surrogate", at: escapeOffset)
        }
        text.append(contentsOf: String(Character(character)).utf8)
    }

    private mutating func readHexQuad() throws -> UInt32 {
        guard offset + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("\\u needs four hexadecimal digits") }
        offset += 4
        return value
    }

    private mutating func readInteger() throws -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            offset += 1
        }
        guard offset > start, offset - start < 10,
            let value = Int(String(decoding: bytes[start..<offset], as: UTF8.self))
        else { throw failure("expected a number", at: start) }
        return value
    }

    /// The offset of the next token.
    private mutating func position() -> Int {
        skipWhitespace()
        return offset
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x0a, 0x0d, 0x09].contains(bytes[offset]) { offset += 1 }
    }

    /// Consumes `character` if it comes next; whether it did.
    private mutating func consume(_ character: Unicode.Scalar, skippingWhitespace: Bool = true)
        -> Bool
    {
        if skippingWhitespace { self.skipWhitespace() }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: character) else { return false }
        offset += 1
        return true
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard consume(character) else {
            throw failure(
                offset < bytes.count
                    ? "expected \"\(character)\"" : "the file ends early, expected \"\(character)\"")
        }
    }

    private func failure(_ detail: String, at position: Int? = nil) -> WriteError {
        WriteError(.read, path, .damagedManifest(byteOffset: position ?? offset, detail: detail))
    }
}
