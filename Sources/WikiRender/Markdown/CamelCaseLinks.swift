import WikiModel

/// TouchWiki's implicit links: a CamelCase word (`SyncClient`, `CouchDB`) links to the page of
/// that exact title, when such a page exists.
///
/// A word is CamelCase as TouchWiki read it: an ASCII capital, one or more lowercase ASCII
/// letters, another capital, then any ASCII letters (`[A-Z][a-z]+[A-Z][A-Za-z]*`), standing as a
/// whole word: no letter, digit, mark or `_` of any script touches it (`SyncClients2`,
/// `ÉtéSyncClient` and `_SyncClient` are not words of that shape). TouchWiki drew words without
/// a page as faint links that created the page when tapped; a static site cannot create pages,
/// so such words stay plain text, and a CamelCase word is never a link to a missing page.
///
/// Words are found in cmark's tree after the wikilinks are in place, so nothing inside a code
/// span, a code block, a link, an image, an autolink, a wikilink or raw HTML becomes a link;
/// neither does text between a raw `<a …>` and its `</a>` when raw HTML is allowed.
enum CamelCaseLinks {
    /// Links the CamelCase words of `document` whose page exists, and returns `explicit` (the
    /// page's wikilinks, in document order) with the implicit links merged in by line, and every
    /// CamelCase word that stands where it would link, in document order, linked or not: the
    /// titles whose pages, coming or going, change the text's links.
    static func rewrite(
        in document: inout CmarkDocument, after explicit: [WikilinkOccurrence],
        resolve: (WikilinkTarget) -> ResolvedLink
    ) -> (links: [WikilinkOccurrence], words: [PageTitle]) {
        var implicit: [WikilinkOccurrence] = []
        var found: [PageTitle] = []
        for (node, line) in candidateTexts(in: document) {
            let literal = document.literal(node)
            let words = CamelCaseWords.find(in: literal).filter { word in
                guard let title = PageTitle(String(decoding: literal[word], as: UTF8.self)) else { return false }
                found.append(title)
                return resolve(WikilinkTarget(title: title, fragment: nil)).exists
            }
            guard !words.isEmpty else { continue }
            var copied = 0
            for word in words {
                if word.lowerBound > copied {
                    document.insertText(literal[copied..<word.lowerBound], before: node)
                }
                guard let content = WikilinkContent(literal[word], style: .obsidian) else { continue }
                implicit.append(
                    WikilinkRewriter.insert(content, line: line, before: node, in: &document, resolve: resolve))
                copied = word.upperBound
            }
            if copied < literal.count {
                document.setText(node, literal[copied...])
            } else {
                document.remove(node)
            }
        }
        return (merged(explicit, implicit), found)
    }

    /// The text nodes outside links, images, wikilinks and raw `<a>` elements that hold a
    /// capital followed by a lowercase letter, in document order, each with its 1-based line.
    ///
    /// A text node's own position is not reliable (nodes the wikilink pass inserted have none,
    /// see `SourceText`): the line is its paragraph's or heading's first line, plus the line
    /// breaks before it in that block.
    private static func candidateTexts(in document: borrowing CmarkDocument) -> [(CmarkDocument.Node, line: Int)] {
        var texts: [(CmarkDocument.Node, line: Int)] = []
        var linkDepth = 0
        var rawAnchorDepth = 0
        var line = 1
        document.walk { event, node in
            switch document.kind(node) {
            case .paragraph, .heading:
                if event == .enter { line = max(1, document.span(node).startLine) }
            case .softBreak, .lineBreak:
                line += 1
            case .link, .image, .customInline:
                linkDepth += event == .enter ? 1 : -1
            case .htmlInline:
                rawAnchorDepth = max(0, rawAnchorDepth + document.withLiteral(node, RawAnchor.depthChange))
            case .text where linkDepth == 0 && rawAnchorDepth == 0:
                if document.withLiteral(node, CamelCaseWords.mayHoldWord) { texts.append((node, line)) }
            default:
                break
            }
        }
        return texts
    }

    /// `explicit` and `implicit`, each in document order, as one list ordered by line (on one
    /// line, the explicit links first).
    private static func merged(
        _ explicit: [WikilinkOccurrence], _ implicit: [WikilinkOccurrence]
    ) -> [WikilinkOccurrence] {
        guard !implicit.isEmpty else { return explicit }
        var result: [WikilinkOccurrence] = []
        result.reserveCapacity(explicit.count + implicit.count)
        var next = implicit.makeIterator()
        var pending = next.next()
        for link in explicit {
            while let waiting = pending, waiting.line < link.line {
                result.append(waiting)
                pending = next.next()
            }
            result.append(link)
        }
        while let waiting = pending {
            result.append(waiting)
            pending = next.next()
        }
        return result
    }
}

/// Finds CamelCase words in the UTF-8 of a text node.
enum CamelCaseWords {
    /// The byte ranges of the CamelCase words of `text`, in order.
    static func find(in text: [UInt8]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var index = 0
        while index < text.count {
            guard isASCIILetter(text[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < text.count, isASCIILetter(text[end]) { end += 1 }
            if isCamelCase(text[index..<end]), !isWordCharacter(before: index, in: text),
                !isWordCharacter(at: end, in: text)
            {
                words.append(index..<end)
            }
            index = end
        }
        return words
    }

    /// Whether `text` has a capital followed by a lowercase letter, which every CamelCase word
    /// starts with: a quick test that rules out most text nodes.
    static func mayHoldWord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count >= 3 else { return false }
        for index in 0..<(text.count - 1) where isUppercase(text[index]) && isLowercase(text[index + 1]) {
            return true
        }
        return false
    }

    /// `[A-Z][a-z]+[A-Z][A-Za-z]*`, the whole of `letters` (ASCII letters only).
    private static func isCamelCase(_ letters: ArraySlice<UInt8>) -> Bool {
        var index = letters.startIndex
        guard index < letters.endIndex, isUppercase(letters[index]) else { return false }
        index += 1
        let lowercaseStart = index
        while index < letters.endIndex, isLowercase(letters[index]) { index += 1 }
        return index > lowercaseStart && index < letters.endIndex && isUppercase(letters[index])
    }

    /// Whether the character that ends just before `offset` is a word character.
    private static func isWordCharacter(before offset: Int, in text: [UInt8]) -> Bool {
        guard offset > 0 else { return false }
        var start = offset - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return isWordCharacter(at: start, in: text)
    }

    /// Whether the character that starts at `offset` is a word character: an ASCII letter or
    /// digit, `_`, or a letter, mark, number or connector of any script.
    private static func isWordCharacter(at offset: Int, in text: [UInt8]) -> Bool {
        guard offset < text.count else { return false }
        let byte = text[offset]
        if byte < 0x80 {
            return isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_")
        }
        var end = offset + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        guard let scalar = String(decoding: text[offset..<end], as: UTF8.self).unicodeScalars.first else {
            return false
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        isUppercase(byte) || isLowercase(byte)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    private static func isLowercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
}

/// Raw HTML that opens or closes an `<a>` element, so the text between stays unlinked.
enum RawAnchor {
    /// +1 for `<a` followed by a space, `>` or `/`; -1 for `</a` followed by a space or `>`;
    /// 0 for any other raw HTML. Letter case is ignored, as HTML ignores it.
    static func depthChange(_ html: UnsafeBufferPointer<UInt8>) -> Int {
        guard html.count >= 3, html[0] == UInt8(ascii: "<") else { return 0 }
        let closing = html[1] == UInt8(ascii: "/")
        let letter = closing ? 2 : 1
        guard letter + 1 < html.count, html[letter] | 0x20 == UInt8(ascii: "a") else { return 0 }
        switch html[letter + 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: ">"): return closing ? -1 : 1
        case UInt8(ascii: "/") where !closing: return 1
        default: return 0
        }
    }
}
