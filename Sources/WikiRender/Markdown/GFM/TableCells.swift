/// The cells of a table's rows in the tree: each cell's text, as written in the source, is
/// parsed by cmark on its own and its inlines moved into the cell, between the `<th>` or `<td>`
/// and its end tag.
///
/// The text is parsed after a character reference to a space, so that it is always one
/// paragraph of inlines (`# x` or `- x` in a cell is text) and a mark at its start sees what a
/// line start sees; the space is taken off again. `\|` is a pipe inside code and raw HTML too.
struct TableCells {
    let source: SourceText
    /// The source of each cell that has text.
    private(set) var sources: [CmarkDocument.Node: Range<Int>] = [:]

    init(source: SourceText) {
        self.source = source
    }

    /// Appends to `parent` a row of `alignments.count` cells of `row` (a row of `line`), empty
    /// cells where it has fewer.
    mutating func appendRow(
        _ row: PipeTableRow, of line: Slice<UnsafeBufferPointer<UInt8>>, tag: String, _ alignments: [TableAlignment],
        to parent: CmarkDocument.Node, in document: inout CmarkDocument
    ) {
        let element = document.appendBlock(onEnter: "<tr>", onExit: "</tr>", to: parent)
        for (column, alignment) in alignments.enumerated() {
            let cell = document.appendBlock(onEnter: "", onExit: "", to: element)
            document.appendRawInline("<\(tag)\(alignment.attribute)>", to: cell)
            if column < row.cells.count, !row.cells[column].isEmpty {
                let range = row.cells[column]
                appendInlines(of: range, to: cell, in: &document)
                sources[cell] = range
            }
            document.appendRawInline("</\(tag)>", to: cell)
        }
    }

    /// Parses the source's bytes in `range` as inlines and appends them to `cell`.
    private func appendInlines(of range: Range<Int>, to cell: CmarkDocument.Node, in document: inout CmarkDocument) {
        var text = Array("&#32;".utf8)
        text.append(contentsOf: source.bytes[range])
        text.withUnsafeBufferPointer { bytes in
            var parsed = CmarkDocument(parsing: bytes, in: document.arena)
            guard let paragraph = parsed.firstChild(parsed.documentNode) else { return }
            if let first = parsed.firstChild(paragraph), parsed.kind(first) == .text {
                let rest = parsed.literal(first).dropFirst()
                if !rest.isEmpty { parsed.insertText(rest, before: first) }
                parsed.remove(first)
            }
            Self.unescapePipes(in: &parsed)
            document.adoptChildren(of: paragraph, from: &parsed, to: cell)
        }
    }

    /// Makes `\|` a pipe in the code and raw HTML of `document`, as in the rest of a cell.
    private static func unescapePipes(in document: inout CmarkDocument) {
        var nodes: [CmarkDocument.Node] = []
        document.walk { event, node in
            guard event == .enter, [.code, .htmlInline].contains(document.kind(node)) else { return }
            if document.withLiteral(node, { hasEscapedPipe($0) }) { nodes.append(node) }
        }
        for node in nodes {
            var literal: [UInt8] = []
            var previous: UInt8 = 0
            for byte in document.literal(node) {
                if byte == UInt8(ascii: "|"), previous == UInt8(ascii: "\\") { literal.removeLast() }
                literal.append(byte)
                previous = byte
            }
            document.setText(node, literal)
        }
    }

    private static func hasEscapedPipe(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        literal.indices.dropFirst().contains {
            literal[$0] == UInt8(ascii: "|") && literal[$0 - 1] == UInt8(ascii: "\\")
        }
    }
}
