/// What a character next to a delimiter run is, for CommonMark's flanking rules.
enum CharacterClass {
    case whitespace, punctuation, other

    /// The class of the character starting at `offset` of the UTF-8 `text`.
    init(at offset: Int, in text: [UInt8]) {
        var decoder = UTF8()
        var bytes = text[offset...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else {
            self = .other
            return
        }
        self.init(scalar)
    }

    /// The class of the character ending just before `offset` of the UTF-8 `text`.
    init(before offset: Int, in text: [UInt8]) {
        var start = offset - 1
        while start > 0, offset - start < 4, text[start] & 0xC0 == 0x80 { start -= 1 }
        self.init(at: start, in: text)
    }

    /// Unicode whitespace (Zs, tab, line feed, form feed, carriage return), punctuation (ASCII
    /// punctuation or a P category), or anything else.
    init(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\t", "\n", "\u{0C}", "\r": self = .whitespace
        case "!"..."/", ":"..."@", "["..."`", "{"..."~": self = .punctuation
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator: self = .whitespace
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                self = .punctuation
            default: self = .other
            }
        }
    }
}

/// Whether a delimiter run is left- and right-flanking (CommonMark's emphasis rules).
struct Flanking {
    let left: Bool
    let right: Bool

    init(before: CharacterClass, after: CharacterClass) {
        left = after != .whitespace && (after != .punctuation || before != .other)
        right = before != .whitespace && (before != .punctuation || after != .other)
    }
}
