extension MarkdownRenderer {
    /// Parses each of `notes`, the footnote definitions of the text `document` was parsed from
    /// (their lines masked), as a text of its own, puts its blocks in a custom block where its
    /// masked lines are, and removes the masks. Returns `parsed` with the links and embeds of
    /// the notes, their lines counted in the whole text, and every footnote found: the notes
    /// and `references`, those of `document`'s own text nodes, with the notes' own.
    func place(
        _ notes: [FootnoteDefinition], in document: inout CmarkDocument, after parsed: Parsed,
        _ references: [CmarkDocument.Node: [FootnoteReference]], _ page: ParsedPage<some EmbedSource>,
        resolve: (WikilinkTarget) -> ResolvedLink
    ) -> Parsed {
        var footnotes = FoundFootnotes(notes: [], references: references)
        var links = parsed.links
        var embeds = parsed.embeds
        var tags = parsed.tags
        var camelCaseWords = parsed.camelCaseWords
        var files = parsed.files
        let masks = Self.masks(of: notes, in: document)
        for (index, note) in notes.enumerated() {
            let block = document.newBlock(onEnter: "", onExit: "")
            if let anchor = masks.anchors[index] {
                document.move(block, before: anchor)
            } else {
                document.move(block, into: document.documentNode)
            }
            footnotes.notes.append(FoundFootnotes.Note(label: note.label, block: block))
            let shift = note.lines.lowerBound - 1
            var notePage = page
            notePage.noteDepth += 1
            notePage.arena = document.arena
            parse(String(decoding: note.content, as: UTF8.self), as: notePage, resolve: resolve) {
                noteDocument, noteParsed in
                document.adoptChildren(of: noteDocument.documentNode, from: &noteDocument, to: block)
                links += noteParsed.links.map {
                    WikilinkOccurrence(target: $0.target, label: $0.label, line: $0.line + shift, isEmbed: $0.isEmbed)
                }
                embeds += noteParsed.embeds.map { $0.shifted(by: shift) }
                tags += noteParsed.tags
                camelCaseWords += noteParsed.camelCaseWords
                files += noteParsed.files.map {
                    AttachmentEmbed(name: $0.name, line: $0.line + shift, isLink: $0.isLink)
                }
                footnotes.add(noteParsed.footnotes)
            }
        }
        for mask in masks.all { document.remove(mask) }
        // A note's block ids are taken off its text but give no id: a note is no block to link to.
        var placed = Parsed(
            links: links, embeds: embeds, files: files, headings: parsed.headings, blocks: parsed.blocks,
            mayHoldRawHTML: parsed.mayHoldRawHTML)
        placed.footnotes = footnotes
        placed.tags = tags
        placed.camelCaseWords = camelCaseWords
        return placed
    }

    /// The thematic breaks that mask the lines of `notes` in `document`: the first of each
    /// note, by the note's index, and all of them.
    private static func masks(
        of notes: [FootnoteDefinition], in document: borrowing CmarkDocument
    ) -> (anchors: [Int: CmarkDocument.Node], all: [CmarkDocument.Node]) {
        var anchors: [Int: CmarkDocument.Node] = [:]
        var all: [CmarkDocument.Node] = []
        document.walk { event, node in
            guard event == .enter, document.kind(node) == .thematicBreak else { return }
            let line = document.span(node).startLine
            var low = 0
            var high = notes.count
            while low < high {
                let middle = (low + high) / 2
                if notes[middle].lines.upperBound < line { low = middle + 1 } else { high = middle }
            }
            guard low < notes.count, notes[low].lines.contains(line) else { return }
            all.append(node)
            if anchors[low] == nil { anchors[low] = node }
        }
        return (anchors, all)
    }
}
