/// Strings: read a word at a time until a quote, a backslash or a control character.
extension JSONParser {
    // MARK: Strings

    /// Reads the string that starts at the current position (at its opening quote).
    mutating func parseString() throws(JSONParseError) -> String {
        let start = offset + 1
        var seen: UInt64 = 0
        let index = skipPlainBytes(from: start, seen: &seen)
        guard index < bytes.count else { throw truncated() }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
            offset = index + 1
            return makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: Self.isASCII(seen))
        }
        if byte == UInt8(ascii: "\\") {
            return try parseEscapedString(start: start, firstEscape: index, seen: seen)
        }
        throw controlCharacter(byte, at: index)
    }

    /// The index of the first quote, backslash or control character from `start` (or the end),
    /// scanning eight bytes at a time; every byte skipped is or-ed into `seen`.
    @inline(__always)
    func skipPlainBytes(from start: Int, seen: inout UInt64) -> Int {
        let end = bytes.count
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let special = Self.specialBytes(word)
            if special != 0 {
                let plain = special.trailingZeroBitCount >> 3
                seen |= word & ((1 &<< (plain &* 8)) &- 1)
                return index + plain
            }
            seen |= word
            index += 8
        }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            seen |= UInt64(byte)
            index += 1
        }
        return index
    }

    /// The high bit of each byte of `word` (read little-endian) that is `"`, `\` or below 0x20; bits
    /// above the lowest one may be spurious, so only the lowest is meaningful.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & (ones &* 0x80)
    }

    /// Whether every byte or-ed into `seen` was ASCII.
    @inline(__always)
    private static func isASCII(_ seen: UInt64) -> Bool {
        seen & 0x8080_8080_8080_8080 == 0
    }

    /// The slow path: a string with at least one escape, decoded into a growing buffer.
    private mutating func parseEscapedString(
        start: Int, firstEscape: Int, seen: UInt64
    ) throws(JSONParseError) -> String {
        let end = bytes.count
        var seen = seen
        // The output buffer always has room for 16 more bytes than it holds: a whole word can be
        // stored even when only some of its bytes belong, and an escape decodes to at most 4.
        var capacity = min(end - start, 4096) + 16
        var output = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { output.deallocate() }
        var count = firstEscape - start
        Self.reserve(&output, &capacity, holding: 0, needed: count + 16)
        output.copyMemory(from: raw.baseAddress! + start, byteCount: count)
        var index = firstEscape
        while true {
            // Plain bytes are copied a word at a time, as they are scanned.
            while index + 8 <= end {
                let stored = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let word = UInt64(littleEndian: stored)
                let special = Self.specialBytes(word)
                output.storeBytes(of: stored, toByteOffset: count, as: UInt64.self)
                if special != 0 {
                    let plain = special.trailingZeroBitCount >> 3
                    seen |= word & ((1 &<< (plain &* 8)) &- 1)
                    count += plain
                    index += plain
                    break
                }
                seen |= word
                count += 8
                index += 8
                if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
            }
            guard index < end else { throw truncated() }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                offset = index + 1
                // Escapes always decode to valid UTF-8: only raw bytes can be invalid.
                let utf8 = UnsafeBufferPointer(start: output.assumingMemoryBound(to: UInt8.self), count: count)
                return makeString(utf8, isASCII: Self.isASCII(seen))
            case UInt8(ascii: "\\"):
                guard index + 1 < end else { throw truncated() }
                let decoded: UInt8
                switch bytes[index + 1] {
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "\""): decoded = 0x22
                case UInt8(ascii: "\\"): decoded = 0x5C
                case UInt8(ascii: "/"): decoded = 0x2F
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "u"):
                    let (scalar, next) = try decodeUnicodeEscape(at: index)
                    count += Self.writeUTF8(scalar, to: output + count)
                    index = next
                    if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
                    continue
                default:
                    throw error(
                        "invalid escape \\\(Self.describe(bytes[index + 1])) in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        at: index)
                }
                output.storeBytes(of: decoded, toByteOffset: count, as: UInt8.self)
                index += 2
            case ..<0x20:
                throw controlCharacter(byte, at: index)
            default:
                seen |= UInt64(byte)
                output.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
                index += 1
            }
            count += 1
            if count + 16 > capacity { Self.reserve(&output, &capacity, holding: count, needed: count + 16) }
        }
    }

    /// Makes `buffer` (of `capacity` bytes, the first `count` in use) at least `needed` bytes long.
    private static func reserve(
        _ buffer: inout UnsafeMutableRawPointer, _ capacity: inout Int, holding count: Int, needed: Int
    ) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newBuffer.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = newBuffer
        capacity = newCapacity
    }

    /// Writes the UTF-8 encoding of `scalar` (a valid scalar value) at `output`; returns its length.
    private static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutableRawPointer) -> Int {
        let bytes = output.assumingMemoryBound(to: UInt8.self)
        switch scalar {
        case ..<0x80:
            bytes[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            bytes[0] = 0xC0 | UInt8(scalar >> 6)
            bytes[1] = 0x80 | UInt8(scalar & 0x3F)
            return 2
        case ..<0x10000:
            bytes[0] = 0xE0 | UInt8(scalar >> 12)
            bytes[1] = 0x80 | UInt8((scalar >> 6) & 0x3F)
            bytes[2] = 0x80 | UInt8(scalar & 0x3F)
            return 3
        default:
            bytes[0] = 0xF0 | UInt8(scalar >> 18)
            bytes[1] = 0x80 | UInt8((scalar >> 12) & 0x3F)
            bytes[2] = 0x80 | UInt8((scalar >> 6) & 0x3F)
            bytes[3] = 0x80 | UInt8(scalar & 0x3F)
            return 4
        }
    }

    /// Decodes `\uXXXX` (and a following low surrogate escape) at `index`: the scalar (U+FFFD for a
    /// lone surrogate) and the index after the escape.
    private mutating func decodeUnicodeEscape(at index: Int) throws(JSONParseError) -> (UInt32, next: Int) {
        let unit = try hexQuad(at: index + 2, escapeAt: index)
        let next = index + 6
        switch unit {
        case 0xD800...0xDBFF:
            if next + 6 <= bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = try? hexQuad(at: next + 2, escapeAt: next), (0xDC00...0xDFFF).contains(low)
            {
                return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00), next + 6)
            }
            replacedInvalidText = true
            return (0xFFFD, next)
        case 0xDC00...0xDFFF:
            replacedInvalidText = true
            return (0xFFFD, next)
        default:
            return (UInt32(unit), next)
        }
    }

    /// The four hexadecimal digits at `index`, part of the escape at `escapeAt`.
    private func hexQuad(at index: Int, escapeAt: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for position in index..<index + 4 {
            guard position < bytes.count else { throw truncated() }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error("invalid \\u escape in a string: expected four hexadecimal digits", at: escapeAt)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The string of `utf8`, with invalid sequences replaced by U+FFFD (and noted).
    @inline(__always)
    private mutating func makeString(_ utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if isASCII { return String(decoding: utf8, as: UTF8.self) }
        if let string = String(validating: utf8, as: UTF8.self) { return string }
        replacedInvalidText = true
        return String(decoding: utf8, as: UTF8.self)
    }

    private func controlCharacter(_ byte: UInt8, at index: Int) -> JSONParseError {
        let hint =
            byte == 0x0A || byte == 0x0D
            ? ": a string must end on the line it starts (is its closing quote missing?)"
            : ": write it as an escape (\\u\(Self.hex(byte)))"
        return error("unescaped control character U+\(Self.hex(byte)) in a string\(hint)", at: index)
    }
}
