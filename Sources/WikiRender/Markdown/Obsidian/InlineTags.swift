import WikiDocuments
import WikiModel

/// Obsidian's inline tags: `#tag` in a paragraph, a list item or a table cell, written as a
/// link to the tag's page (`<a class="tag" href="…">#tag</a>`).
///
/// A `#` starts a tag when it begins its line or follows a blank, is not escaped (`\#`,
/// `&#35;`), and is followed by a tag (`WikiTag`): the longest run of tag characters after it, less
/// any `/` it ends with. Headings are not read (`# Heading` and `## Notes #draft` hold no
/// tag), nor are code, raw HTML, links and wikilinks: they are not text nodes of the blocks
/// read, or their texts are the labels of links. A tag may run over several text nodes, as
/// cmark cuts a text at each `_`.
enum InlineTags {
    /// Rewrites every tag of `document` (whose Markdown is `source`) as a link, and returns the
    /// tags in document order.
    static func rewrite(
        in document: inout CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>]
    ) -> [WikiTag] {
        let blocks = InlineBlocks.find(
            in: document, source: source, cells: cells, reading: .init(headings: false, labels: false),
            where: mayHoldTag)
        var tags: [WikiTag] = []
        for block in blocks {
            let escaped = InlineBlocks.escapedMarks(of: block, in: document, source: &source)
            let texts = block.texts.filter { !isLabel($0, under: block.node, in: document) }
            for run in runs(of: texts, in: document) {
                let found = TextRun(run, escaped: escaped, in: document).tags(startsLine: startsLine(run[0], document))
                guard !found.isEmpty else { continue }
                write(found, over: run, in: &document)
                tags += found.map(\.tag)
            }
        }
        return tags
    }

    /// Whether a text node's `literal` may hold the start of a tag: a `#` at its start or after
    /// a blank, then its end (the tag may go on in the next node) or a byte a tag character
    /// may start with.
    private static func mayHoldTag(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while let hash = literal[index...].firstIndex(of: UInt8(ascii: "#")) {
            index = hash + 1
            guard hash == 0 || TextRun.isBlank(literal[hash - 1]) else { continue }
            guard index < literal.count else { return true }
            switch literal[index] {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"), 0x80...: return true
            case let byte where ExtensionTriggers.isASCIIAlphanumeric(byte): return true
            default: continue
            }
        }
        return false
    }

    /// Whether `text` is in a link, an image or a node a pass made (a wikilink) below `block`.
    private static func isLabel(
        _ text: CmarkDocument.Node, under block: CmarkDocument.Node, in document: borrowing CmarkDocument
    ) -> Bool {
        var node = document.parent(text)
        while let current = node, current != block {
            switch document.kind(current) {
            case .link, .image, .customInline: return true
            default: node = document.parent(current)
            }
        }
        return false
    }

    /// `texts` cut into runs of siblings that follow each other with nothing between.
    private static func runs(
        of texts: [CmarkDocument.Node], in document: borrowing CmarkDocument
    ) -> [[CmarkDocument.Node]] {
        var runs: [[CmarkDocument.Node]] = []
        for text in texts {
            if let last = runs.last?.last, document.next(last) == text {
                runs[runs.count - 1].append(text)
            } else {
                runs.append([text])
            }
        }
        return runs
    }

    /// Whether a run starting at `first` starts a line for a tag: nothing before it in its
    /// parent, a line break, or a tag a pass wrote (a table cell's `<td>`, a `<mark>`).
    private static func startsLine(_ first: CmarkDocument.Node, _ document: borrowing CmarkDocument) -> Bool {
        guard let previous = document.previous(first) else { return true }
        switch document.kind(previous) {
        case .softBreak, .lineBreak: return true
        case .customInline: return document.firstChild(previous) == nil
        default: return false
        }
    }

    /// Replaces the text nodes of `run` that the tags `found` (in order) touch by texts and
    /// links, leaving the others as they are: the nodes from the one holding a tag's `#` to the
    /// one holding its end are one group, written again whole.
    private static func write(
        _ found: [TextRun.Found], over run: [CmarkDocument.Node], in document: inout CmarkDocument
    ) {
        let literals = run.map { document.literal($0) }
        let bytes = Array(literals.joined())
        var ends: [Int] = []
        for literal in literals { ends.append((ends.last ?? 0) + literal.count) }
        var next = 0
        while next < found.count {
            var first = node(holding: found[next].bytes.lowerBound, ends: ends)
            var last = node(holding: found[next].bytes.upperBound - 1, ends: ends)
            var groupEnd = next + 1
            while groupEnd < found.count, node(holding: found[groupEnd].bytes.lowerBound, ends: ends) <= last {
                last = max(last, node(holding: found[groupEnd].bytes.upperBound - 1, ends: ends))
                groupEnd += 1
            }
            let anchor = run[first]
            var cursor = first == 0 ? 0 : ends[first - 1]
            for tag in found[next..<groupEnd] {
                if cursor < tag.bytes.lowerBound {
                    document.insertText(bytes[cursor..<tag.bytes.lowerBound], before: anchor)
                }
                document.insertCustomInline(
                    onEnter: "<a class=\"tag\" href=\"\(SitePaths.tagHref(tag.tag))\">", label: bytes[tag.bytes],
                    onExit: "</a>", before: anchor)
                cursor = tag.bytes.upperBound
            }
            if cursor < ends[last] { document.insertText(bytes[cursor..<ends[last]], before: anchor) }
            while first <= last {
                document.remove(run[first])
                first += 1
            }
            next = groupEnd
        }
    }

    /// The index of the node whose bytes hold `offset`, given each node's end (`ends`).
    private static func node(holding offset: Int, ends: [Int]) -> Int {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The text of a run of text nodes, read for tags.
private struct TextRun {
    /// A tag and its bytes in the run, `#` included.
    struct Found {
        let tag: WikiTag
        let bytes: Range<Int>
    }

    let bytes: [UInt8]
    /// Whether each byte is an escaped mark.
    let escaped: [Bool]

    init(
        _ run: [CmarkDocument.Node], escaped marks: [CmarkDocument.Node: [Int]], in document: borrowing CmarkDocument
    ) {
        var bytes: [UInt8] = []
        var escaped: [Bool] = []
        for node in run {
            let start = bytes.count
            bytes += document.literal(node)
            escaped += repeatElement(false, count: bytes.count - start)
            for mark in marks[node] ?? [] { escaped[start + mark] = true }
        }
        self.bytes = bytes
        self.escaped = escaped
    }

    /// The tags of the run, in order; `startsLine`: a `#` at its very start starts a tag.
    func tags(startsLine: Bool) -> [Found] {
        var found: [Found] = []
        var index = 0
        while let hash = bytes[index...].firstIndex(of: UInt8(ascii: "#")) {
            index = hash + 1
            guard !escaped[hash], hash > 0 ? Self.isBlank(bytes[hash - 1]) : startsLine else { continue }
            let end = tagEnd(from: index)
            index = end
            guard end > hash + 1, let tag = WikiTag(String(decoding: bytes[(hash + 1)..<end], as: UTF8.self)) else {
                continue
            }
            found.append(Found(tag: tag, bytes: hash..<end))
        }
        return found
    }

    /// The end of the run of tag characters from `start`, less the `/`s it ends with.
    private func tagEnd(from start: Int) -> Int {
        var end = start
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator), WikiTag.isTagScalar(scalar) {
            end += UTF8.width(scalar)
        }
        while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
    }
}
