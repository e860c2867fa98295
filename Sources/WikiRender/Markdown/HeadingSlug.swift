/// The `id` GitHub gives a heading, so `[[Page#Some Heading]]` lands on `#some-heading`.
public enum HeadingSlug {
    /// `text` lowercased, with spaces written `-`, keeping letters, marks, decimal digits, `-`
    /// and `_` and dropping everything else (punctuation, symbols, other whitespace):
    /// `Sync Client: How?` → `sync-client-how`. When nothing is left, `section`.
    public static func slug(_ text: String) -> String {
        if let slug = asciiSlug(text) { return slug }
        // `lowercased()` is each scalar's `lowercaseMapping` in turn: done here a scalar at a
        // time, so that the ASCII scalars of a mostly ASCII heading skip the Unicode tables.
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if let byte = asciiSlugByte(UInt8(scalar.value)) { slug.append(byte) }
                continue
            }
            for lowered in scalar.properties.lowercaseMapping.unicodeScalars {
                if lowered == " " {
                    slug.append(UInt8(ascii: "-"))
                } else if isKept(lowered) {
                    UTF8.encode(lowered) { slug.append($0) }
                }
            }
        }
        return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
    }

    /// What the ASCII `byte` becomes in a slug: lowercased, `-` for a space; nil when it is
    /// dropped.
    private static func asciiSlugByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "_"):
            return byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return byte + 0x20
        case UInt8(ascii: " "):
            return UInt8(ascii: "-")
        default:
            return nil
        }
    }

    /// The slug of an ASCII `text`, made in one pass; nil for any other text.
    private static func asciiSlug(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let slug = String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                guard let kept = asciiSlugByte(byte) else { continue }
                buffer[count] = kept
                count += 1
            }
            return count
        }
        return slug.isEmpty ? "section" : slug
    }

    /// The characters of a Unicode "word" (what `\w` matches in Ruby, as GitHub uses), and `-`.
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
            default: return false
            }
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}

/// Heading ids made unique within a page, in document order: the first `x` stays `x`, the
/// next ones become `x-1`, `x-2`… (skipping any already taken), as GitHub numbers them.
struct HeadingIDs {
    /// An id, compared and hashed by its exact UTF-8 bytes.
    private struct ID: Hashable {
        let text: String

        static func == (lhs: ID, rhs: ID) -> Bool {
            guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
            var left = lhs.text
            var right = rhs.text
            return left.withUTF8 { leftBytes in right.withUTF8 { leftBytes.elementsEqual($0) } }
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private var taken: Set<ID>
    private var nextSuffix: [ID: Int] = [:]

    /// Ids for a page of (about) `headingCount` headings.
    init(headingCount: Int) {
        taken = Set(minimumCapacity: headingCount)
    }

    /// A unique id for a heading whose slug is `slug`.
    mutating func unique(_ slug: String) -> String {
        let id = ID(text: slug)
        guard !taken.insert(id).inserted else { return slug }
        var suffix = nextSuffix[id] ?? 1
        var candidate = ID(text: "\(slug)-\(suffix)")
        while !taken.insert(candidate).inserted {
            suffix += 1
            candidate = ID(text: "\(slug)-\(suffix)")
        }
        nextSuffix[id] = suffix + 1
        return candidate.text
    }
}
