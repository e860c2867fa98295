/// Text between two runs of one mark, written as an element: GFM's strikethrough (`~~text~~`
/// and `~text~` as `<del>text</del>`) and Obsidian's highlight (`==text==` as `<mark>`).
///
/// A run of the mark, none escaped, of an allowed length opens when it is left-flanking and
/// closes when it is right-flanking, as an emphasis run does; a closer takes the nearest opener
/// of the same length among the inlines of the same parent, and the runs between them are
/// dropped. Other runs stay text. The tags are raw inline nodes around the inlines between, so
/// the texts inside stay texts for the wikilink and CamelCase passes. Marks in code and raw
/// HTML are never looked at: they are not text nodes.
struct DelimitedSpans {
    /// The byte a run repeats.
    let mark: UInt8
    /// The lengths of the runs that open and close.
    let lengths: ClosedRange<Int>
    /// What an opener becomes.
    let startTag: String
    /// What a closer becomes.
    let endTag: String

    /// GFM's strikethrough: one or two tildes, written as `<del>`.
    static let strikethrough = DelimitedSpans(
        mark: UInt8(ascii: "~"), lengths: 1...2, startTag: "<del>", endTag: "</del>")

    /// Rewrites every span of `document` (whose Markdown is `source`). Next to one of
    /// `autolinks`, a run sees the link's text, as `cmark-gfm` sees the address it links.
    func rewrite(
        in document: inout CmarkDocument, source: inout SourceText, cells: [CmarkDocument.Node: Range<Int>],
        autolinks: Set<CmarkDocument.Node>
    ) {
        let mark = mark
        let blocks = InlineBlocks.find(in: document, source: source, cells: cells) { literal in
            literal.contains(mark)
        }
        for block in blocks {
            let escaped = InlineBlocks.escapedMarks(of: block, in: document, source: &source)
            var parents: [CmarkDocument.Node] = []
            var seen: Set<CmarkDocument.Node> = []
            for text in block.texts {
                guard let parent = document.parent(text), document.withLiteral(text, { $0.contains(mark) }) else {
                    continue
                }
                if seen.insert(parent).inserted { parents.append(parent) }
            }
            for parent in parents {
                let runs = runs(under: parent, of: document, escaped: escaped, autolinks: autolinks)
                let pairs = Self.matchedPairs(among: runs)
                write(pairs, in: &document)
            }
        }
    }

    /// A run of an allowed length in a text node.
    struct Run {
        let node: CmarkDocument.Node
        let offset: Int
        let length: Int
        let canOpen: Bool
        let canClose: Bool
    }

    /// The runs in the text children of `parent`, in order.
    func runs(
        under parent: CmarkDocument.Node, of document: borrowing CmarkDocument, escaped: [CmarkDocument.Node: [Int]],
        autolinks: Set<CmarkDocument.Node>
    ) -> [Run] {
        var runs: [Run] = []
        var child = document.firstChild(parent)
        while let node = child {
            child = document.next(node)
            guard document.kind(node) == .text else { continue }
            let literal = document.literal(node)
            let escapes = Set(escaped[node] ?? [])
            let before =
                document.previous(node).map { Self.neighbour(of: $0, atEnd: true, autolinks, in: document) }
                ?? .whitespace
            let after =
                document.next(node).map { Self.neighbour(of: $0, atEnd: false, autolinks, in: document) } ?? .whitespace
            var index = 0
            while index < literal.count {
                guard literal[index] == mark, !escapes.contains(index) else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < literal.count, literal[end] == mark, !escapes.contains(end) { end += 1 }
                if lengths.contains(end - index) {
                    let previous = index > 0 ? CharacterClass(before: index, in: literal) : before
                    let following = end < literal.count ? CharacterClass(at: end, in: literal) : after
                    let flanking = Flanking(before: previous, after: following)
                    runs.append(
                        Run(
                            node: node, offset: index, length: end - index, canOpen: flanking.left,
                            canClose: flanking.right))
                }
                index = end
            }
        }
        return runs
    }

    /// What a sibling counts as next to a run: a text or an autolink by its character there, a
    /// line break as the end of a line, anything else as the punctuation that writes it (`*`,
    /// `` ` ``, `[`, `<`).
    private static func neighbour(
        of node: CmarkDocument.Node, atEnd: Bool, _ autolinks: Set<CmarkDocument.Node>,
        in document: borrowing CmarkDocument
    ) -> CharacterClass {
        if autolinks.contains(node), let label = document.firstChild(node) {
            return neighbour(of: label, atEnd: atEnd, [], in: document)
        }
        switch document.kind(node) {
        case .text:
            let literal = document.literal(node)
            guard !literal.isEmpty else { return .whitespace }
            return atEnd ? CharacterClass(before: literal.count, in: literal) : CharacterClass(at: 0, in: literal)
        case .softBreak, .lineBreak: return .whitespace
        default: return .punctuation
        }
    }

    /// The opener and closer of each span, matched as `cmark-gfm` matches them: a
    /// closer looks back for the nearest opener (skipping, as emphasis does, one whose length
    /// and its own add up to a multiple of 3 when either run can both open and close), and
    /// makes a span only when both have the same length. A closer that finds no opener of
    /// its length marks how far down the next closer of its kind need look: linear time.
    static func matchedPairs(among runs: [Run]) -> [(opener: Run, closer: Run)] {
        var pairs: [(opener: Run, closer: Run)] = []
        var stack: [Run] = []
        var bottoms: [Int: Int] = [:]  // by closer kind: no match below this index of `stack`
        for run in runs {
            let kind = run.length * 2 + (run.canOpen ? 1 : 0)
            let bottom = bottoms[kind] ?? 0
            if run.canClose {
                if let index = stack[bottom...].lastIndex(where: { canMatch($0, run) }),
                    stack[index].length == run.length
                {
                    pairs.append((stack[index], run))
                    stack.removeSubrange(index...)
                    bottoms = bottoms.mapValues { min($0, index) }
                    continue
                }
                bottoms[kind] = stack.count
            }
            if run.canOpen { stack.append(run) }
        }
        return pairs
    }

    /// Whether `closer` may close `opener`, CommonMark's rule of 3 aside from the lengths.
    private static func canMatch(_ opener: Run, _ closer: Run) -> Bool {
        guard opener.canOpen else { return false }
        return !(closer.canOpen || opener.canClose) || (opener.length + closer.length) % 3 != 0
    }

    /// Replaces each pair's runs by the start and end tags.
    private func write(_ pairs: [(opener: Run, closer: Run)], in document: inout CmarkDocument) {
        var cuts: [CmarkDocument.Node: [(offset: Int, length: Int, html: String)]] = [:]
        var nodes: [CmarkDocument.Node] = []
        for pair in pairs {
            for (run, html) in [(pair.opener, startTag), (pair.closer, endTag)] {
                if cuts[run.node] == nil { nodes.append(run.node) }
                cuts[run.node, default: []].append((run.offset, run.length, html))
            }
        }
        for node in nodes {
            let literal = document.literal(node)
            var copied = 0
            for cut in cuts[node, default: []].sorted(by: { $0.offset < $1.offset }) {
                if cut.offset > copied { document.insertText(literal[copied..<cut.offset], before: node) }
                document.insertRawInline(cut.html, before: node)
                copied = cut.offset + cut.length
            }
            if copied < literal.count {
                document.insertText(literal[copied...], before: node)
            }
            document.remove(node)
        }
    }
}
