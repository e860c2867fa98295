import WikiModel

/// Finds the `[[…]]` in the literal of one text node, given which of its `[`, `]` and `!` were
/// escaped (`\[`, `&#91;`…): only real brackets open and close a wikilink.
///
/// A wikilink is `[[`, then text without a real bracket, then `]]`; of a run of `[`, the last
/// two open it (`[[[a]]` is `[` and a link to `a`). A lone real bracket inside ends the
/// attempt, so `[[a]b]]` and `[[a [b]]` stay text. A real `!` just before makes it an embed
/// (`![[Page]]`).
struct WikilinkScanner {
    /// A `[[…]]` found in the literal.
    struct Match {
        /// From the first `[` to the last `]`.
        let range: Range<Int>
        /// Whether a real `!` comes just before it.
        let isEmbed: Bool

        /// What is between the brackets.
        var content: Range<Int> { (range.lowerBound + 2)..<(range.upperBound - 2) }
    }

    let literal: [UInt8]
    /// Sorted offsets of the escaped marks of `literal`.
    let escapedMarks: [Int]

    /// The `[[…]]` with something between the brackets, from `start` on, in order.
    func matches(from start: Int) -> [Match] {
        var matches: [Match] = []
        var opener: Int?  // offset of the `[[`
        var index = start
        while true {
            index = nextBracket(from: index)
            guard index < literal.count else { break }
            if isReal(index, UInt8(ascii: "[")) {
                var last = index
                while last + 1 < literal.count, isReal(last + 1, UInt8(ascii: "[")) { last += 1 }
                opener = last > index ? last - 1 : nil
                index = last + 1
            } else if isReal(index, UInt8(ascii: "]")) {
                if let first = opener, index > first + 2, index + 1 < literal.count,
                    isReal(index + 1, UInt8(ascii: "]"))
                {
                    matches.append(Match(range: first..<(index + 2), isEmbed: isEmbedOpener(at: first)))
                    index += 2
                } else {
                    index += 1
                }
                opener = nil
            } else {
                index += 1
            }
        }
        return matches
    }

    /// The offset of the first `[` or `]` from `start` on, or the literal's length.
    private func nextBracket(from start: Int) -> Int {
        literal.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return bytes.count }
            var index = start
            while index < bytes.count, base[index] != UInt8(ascii: "["), base[index] != UInt8(ascii: "]") {
                index += 1
            }
            return index
        }
    }

    /// Whether the literal ends with a real `[` that does not open an embed: with a link after
    /// it and a `]` after that, a wikilink cmark read as a reference link (`[[grep]]` when
    /// `[grep]: grep.md` is defined).
    var endsWithLinkOpener: Bool {
        let last = literal.count - 1
        return last >= 0 && isReal(last, UInt8(ascii: "[")) && !isEmbedOpener(at: last)
    }

    /// Whether the literal starts with a real `]`.
    var startsWithClosingBracket: Bool {
        !literal.isEmpty && isReal(0, UInt8(ascii: "]"))
    }

    private func isEmbedOpener(at index: Int) -> Bool {
        index > 0 && isReal(index - 1, UInt8(ascii: "!"))
    }

    private func isReal(_ index: Int, _ mark: UInt8) -> Bool {
        guard literal[index] == mark else { return false }
        guard !escapedMarks.isEmpty else { return true }
        var low = 0
        var high = escapedMarks.count
        while low < high {
            let middle = (low + high) / 2
            if escapedMarks[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low == escapedMarks.count || escapedMarks[low] != index
    }
}

/// What the text between `[[` and `]]` says: the target, and the label to show.
struct WikilinkContent {
    private(set) var target: WikilinkTarget
    /// The label as written after (Obsidian) or before (Gollum) the `|`, trimmed; the target
    /// as written when there is none.
    let label: [UInt8]
    /// The target as written (trimmed), `#` and heading included: an attachment's name.
    let written: [UInt8]

    /// Reads `content` in `style`; nil when it names neither a page nor a heading (`[[ ]]`,
    /// `[[|label]]`, `[[#]]`).
    init?(_ content: ArraySlice<UInt8>, style: LinkStyle) {
        let pipe: Int? =
            switch style {
            case .obsidian: content.firstIndex(of: UInt8(ascii: "|"))
            case .gollum: content.lastIndex(of: UInt8(ascii: "|"))
            }
        var written = content
        var label: ArraySlice<UInt8> = []
        if let pipe {
            let before = content[..<pipe]
            let after = content[(pipe + 1)...]
            (written, label) = style == .obsidian ? (before, after) : (after, before)
        }
        written = Self.withoutVault(Self.trimmed(written))
        label = Self.trimmed(label)
        var title = written
        var fragment: String?
        if let hash = written.firstIndex(of: UInt8(ascii: "#")) {
            title = written[..<hash]
            let heading = Self.trimmed(written[(hash + 1)...])
            fragment = heading.isEmpty ? nil : String(decoding: heading, as: UTF8.self)
        }
        let pageTitle = PageTitle(String(decoding: title, as: UTF8.self))
        guard pageTitle != nil || fragment != nil else { return nil }
        target = WikilinkTarget(title: pageTitle, fragment: fragment)
        self.label = Array(label.isEmpty ? written : label)
        self.written = Array(written)
    }

    /// The content with its page's title as `matching` matches it from `page` on `line`.
    func matched(by matching: (any TitleMatching)?, from page: PageTitle?, line: Int) -> WikilinkContent {
        guard let matching, let title = target.title else { return self }
        var matched = self
        matched.target = WikilinkTarget(
            title: matching.match(title, from: page, line: line), fragment: target.fragment)
        return matched
    }

    /// Dendron's cross-vault prefix, `dendron://<vault>/`: what follows it is the note.
    private static let vaultScheme = Array("dendron://".utf8)

    /// `written` without Dendron's prefix naming the vault of the note (`dendron://vault/note`):
    /// a wiki is one vault, so the link names the note that follows, as Dendron resolves it.
    private static func withoutVault(_ written: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard written.starts(with: vaultScheme) else { return written }
        let rest = written.dropFirst(vaultScheme.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > rest.startIndex,
            slash + 1 < rest.endIndex
        else { return written }
        return rest[(slash + 1)...]
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return bytes[first...last]
    }
}
