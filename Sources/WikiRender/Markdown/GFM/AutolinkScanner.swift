/// Finds GFM's extended autolinks in the literal of one text node: `www.` addresses,
/// `http://`, `https://` and `ftp://` URLs, and e-mail addresses (with an optional `mailto:`
/// or `xmpp:`), with GFM's rules for the domain and for the trailing punctuation and closing
/// parentheses that end a sentence rather than the link.
struct AutolinkScanner {
    /// A link found: its bytes in the literal and where it points.
    struct Link {
        let range: Range<Int>
        let url: String
    }

    let literal: [UInt8]

    /// The links of the literal, in order. `mayLink(offset)` says whether a `www.` or URL link
    /// may start at `offset` (not inside an open `[`), asked for offsets in increasing order;
    /// `consumed` is told the bytes of each `www.` or URL link; `startsAfterDelimiter` says
    /// whether the literal's first byte follows a line start, a space or an emphasis mark.
    func links(
        startsAfterDelimiter: Bool, mayLink: (Int) -> Bool, consumed: (Range<Int>) -> Void
    ) -> [Link] {
        var links: [Link] = []
        var copied = 0
        var index = 0
        var invalidDomainEnd = 0  // a `www.` before this is in a domain already refused
        while index < literal.count {
            let byte = literal[index]
            var found: Link?
            if byte == UInt8(ascii: "w"), index >= invalidDomainEnd, mayLink(index),
                index == 0 ? startsAfterDelimiter : Self.opensWWW(after: literal[index - 1])
            {
                found = www(at: index, invalidDomainEnd: &invalidDomainEnd)
            } else if byte == UInt8(ascii: ":"), mayLink(index) {
                found = url(colon: index, earliest: copied)
            }
            if let link = found {
                consumed(link.range)
                links += emails(in: copied..<link.range.lowerBound)
                links.append(link)
                copied = link.range.upperBound
                index = copied
            } else {
                index += 1
            }
        }
        return links + emails(in: copied..<literal.count)
    }

    // MARK: www. and URLs

    private static func opensWWW(after byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            || byte == UInt8(ascii: "(")
    }

    /// The `www.` link at `start`. When its domain is refused, sets `invalidDomainEnd` so that
    /// no later `www.` whose domain ends in the same two refused labels is read again.
    private func www(at start: Int, invalidDomainEnd: inout Int) -> Link? {
        guard literal.count - start >= 4, literal[start..<(start + 4)].elementsEqual("www.".utf8) else { return nil }
        guard let domain = domainLength(from: start, requiresPeriod: true) else {
            invalidDomainEnd = lastTwoLabels(from: start) - 3
            return nil
        }
        let end = trimmed(start, extendedToSpace(from: start + domain))
        guard end > start else { return nil }
        return Link(range: start..<end, url: "http://" + String(decoding: literal[start..<end], as: UTF8.self))
    }

    private func url(colon: Int, earliest: Int) -> Link? {
        guard literal.count - colon >= 4, literal[colon + 1] == UInt8(ascii: "/"),
            literal[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        var start = colon
        while start > earliest, Self.isAlpha(literal[start - 1]) { start -= 1 }
        let scheme = String(decoding: literal[start..<colon], as: UTF8.self).lowercased()
        guard ["http", "https", "ftp"].contains(scheme), colon + 3 < literal.count, Self.isAlnum(literal[colon + 3]),
            let domain = domainLength(from: colon + 3, requiresPeriod: false)
        else { return nil }
        let end = trimmed(start, extendedToSpace(from: colon + 3 + domain))
        guard end > start else { return nil }
        return Link(range: start..<end, url: String(decoding: literal[start..<end], as: UTF8.self))
    }

    /// The length of the domain at `start`: its first byte, then bytes that are neither space
    /// nor punctuation (or `-`, `_`, `.`), stopping before the literal's last byte; nil when an
    /// underscore is in one of its last two labels, or (with `requiresPeriod`) it has no `.`.
    private func domainLength(from start: Int, requiresPeriod: Bool) -> Int? {
        let size = literal.count - start
        var index = 1
        var periods = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < size - 1 {
            let byte = literal[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
            } else if byte != UInt8(ascii: "-"), !isHostCharacter(at: start + index) {
                break
            }
            index += 1
        }
        guard underscoresBefore == 0, underscores == 0, !requiresPeriod || periods > 0 else { return nil }
        return index
    }

    /// Where the last two labels start of the domain that `domainLength` reads from `start`.
    private func lastTwoLabels(from start: Int) -> Int {
        var periods = (start, start)
        var index = start + 1
        while index < literal.count - 1 {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                periods = (periods.1, index + 1)
            } else if byte != UInt8(ascii: "_"), byte != UInt8(ascii: "-"), !isHostCharacter(at: index) {
                break
            }
            index += 1
        }
        return periods.0
    }

    private func isHostCharacter(at offset: Int) -> Bool {
        guard literal[offset] >= 0x80 else {
            return !Self.isSpace(literal[offset]) && !Self.isPunctuation(literal[offset])
        }
        guard literal[offset] & 0xC0 != 0x80 else { return true }
        return CharacterClass(at: offset, in: literal) == .other
    }

    /// The offset of the first space or `<` from `offset`, or the literal's end.
    private func extendedToSpace(from offset: Int) -> Int {
        var end = offset
        while end < literal.count, !Self.isSpace(literal[end]), literal[end] != UInt8(ascii: "<") { end += 1 }
        return end
    }

    /// Where the link from `start` to `end` really ends: without trailing `?!.,:*_~'"`, an
    /// entity-like `&name;` or a lone `;`, or a `)` that closes no `(` of the link.
    private func trimmed(_ start: Int, _ initialEnd: Int) -> Int {
        var end = initialEnd
        if let less = literal[start..<end].firstIndex(of: UInt8(ascii: "<")) { end = less }
        var opening = literal[start..<end].count { $0 == UInt8(ascii: "(") }
        var closing = literal[start..<end].count { $0 == UInt8(ascii: ")") }
        while end > start {
            let last = literal[end - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var entityStart = end - 2
                while entityStart > start, Self.isAlpha(literal[entityStart]) { entityStart -= 1 }
                let newEnd = entityStart < end - 2 && literal[entityStart] == UInt8(ascii: "&") ? entityStart : end - 1
                opening -= literal[newEnd..<end].count { $0 == UInt8(ascii: "(") }
                end = newEnd
            } else if last == UInt8(ascii: ")"), closing > opening {
                closing -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    // MARK: E-mail addresses

    /// The e-mail addresses in `range` of the literal (which holds no other link).
    private func emails(in range: Range<Int>) -> [Link] {
        var links: [Link] = []
        var from = range.lowerBound
        while from < range.upperBound,
            let at = literal[from..<range.upperBound].firstIndex(of: UInt8(ascii: "@"))
        {
            guard let link = email(at: at, earliest: from, limit: range.upperBound) else {
                from = at + 1
                continue
            }
            links.append(link)
            from = link.range.upperBound
        }
        return links
    }

    private func email(at: Int, earliest: Int, limit: Int) -> Link? {
        var start = at
        var scheme: String?
        while start > earliest {
            let byte = literal[start - 1]
            if Self.isAlnum(byte) || ".+-_".utf8.contains(byte) {
                start -= 1
            } else if byte == UInt8(ascii: ":"), scheme == nil, let found = protocolName(endingAt: start - 1, earliest)
            {
                scheme = found
                start -= found.utf8.count + 1
            } else {
                break
            }
        }
        guard start < at else { return nil }
        var end = at + 1
        var periods = 0
        while end < limit {
            let byte = literal[end]
            if Self.isAlnum(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                end += 1
            } else if byte == UInt8(ascii: "."), end + 1 < limit, Self.isAlnum(literal[end + 1]) {
                periods += 1
                end += 1
            } else if byte == UInt8(ascii: "/"), scheme == "xmpp" {
                end += 1
            } else {
                break
            }
        }
        guard end - at >= 2, periods > 0, end < limit ? literal[end] != UInt8(ascii: "@") : true,
            Self.isAlpha(literal[end - 1]) || literal[end - 1] == UInt8(ascii: ".")
        else { return nil }
        let trimmedEnd = trimmed(at, end)
        guard trimmedEnd > at else { return nil }
        let address = String(decoding: literal[start..<trimmedEnd], as: UTF8.self)
        return Link(range: start..<trimmedEnd, url: scheme == nil ? "mailto:" + address : address)
    }

    /// `mailto` or `xmpp` when the literal has it just before the `:` at `colon`, not after a
    /// letter or digit.
    private func protocolName(endingAt colon: Int, _ earliest: Int) -> String? {
        for name in ["mailto", "xmpp"] {
            let start = colon - name.utf8.count
            guard start >= earliest, literal[start..<colon].elementsEqual(name.utf8) else { continue }
            if start == earliest || !Self.isAlnum(literal[start - 1]) { return name }
        }
        return nil
    }

    // MARK: Bytes

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isAlnum(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        CharacterClass(Unicode.Scalar(byte)) == .punctuation
    }
}
