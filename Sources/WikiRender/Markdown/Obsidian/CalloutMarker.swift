/// The mark that makes a block quote a callout, at the start of its first line: `[!type]` or
/// `[!type|metadata]`, then `-` (folded) or `+` (foldable, open), then the title.
struct CalloutMarker {
    /// Whether and how a callout folds.
    enum Folding {
        /// Always open, no control to fold it: no sign after the type.
        case none
        /// Foldable and open at first: `+`.
        case open
        /// Foldable and closed at first: `-`.
        case closed
    }

    /// The type as written: ASCII letters, digits, `-` and `_`.
    let type: String
    /// What is written after a `|` in the brackets (`[!note|wide]`), for the theme: Obsidian
    /// ignores what it does not know. Letters, digits, blanks and `-,.:=%#/` only, so the
    /// mark reads the same in the source and in the text. Nil without a `|`.
    let metadata: String?
    let folding: Folding
    /// How many bytes the mark takes, its sign included.
    let length: Int

    /// The mark at the start of `text`, or nil when `text` does not start with one.
    init?(_ text: some Collection<UInt8>) {
        var bytes = text.makeIterator()
        guard bytes.next() == UInt8(ascii: "["), bytes.next() == UInt8(ascii: "!") else { return nil }
        var type: [UInt8] = []
        var metadata: [UInt8]?
        var closed = false
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "]") {
                closed = true
                break
            }
            if metadata != nil {
                guard Self.isMetadataByte(byte) else { return nil }
                metadata?.append(byte)
            } else if byte == UInt8(ascii: "|") {
                metadata = []
            } else {
                guard Self.isTypeByte(byte) else { return nil }
                type.append(byte)
            }
        }
        guard closed, !type.isEmpty else { return nil }
        switch bytes.next() {
        case UInt8(ascii: "-"): folding = .closed
        case UInt8(ascii: "+"): folding = .open
        default: folding = .none
        }
        self.type = String(decoding: type, as: UTF8.self)
        self.metadata = metadata.map { String(decoding: $0, as: UTF8.self) }
        length = type.count + (metadata.map { $0.count + 1 } ?? 0) + 3 + (folding == .none ? 0 : 1)
    }

    /// The title shown when none is written: the type with its first letter in upper case.
    var defaultTitle: String {
        type.prefix(1).uppercased() + type.dropFirst().lowercased()
    }

    private static func isMetadataByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isTypeByte(byte) && byte != UInt8(ascii: "_") || " \t-,.:=%#/".utf8.contains(byte)
    }

    private static func isTypeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
