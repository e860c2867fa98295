/// One line of a GFM pipe table split into cells, as `cmark-gfm` splits it: an optional
/// leading pipe, cells separated by pipes (`\|` is not one), an optional trailing pipe, each
/// cell's text without its surrounding spaces and tabs.
struct PipeTableRow {
    /// The cells' byte ranges in the line, trimmed; a cell may be empty.
    let cells: [Range<Int>]

    /// The cells of `line` (a line without its line ending).
    init(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
        var cells: [Range<Int>] = []
        var offset = Self.pipeAndSpaces(in: line, at: line.startIndex)
        while offset < line.endIndex {
            let contentEnd = Self.cellEnd(in: line, from: offset)
            let pipe = Self.pipeAndSpaces(in: line, at: contentEnd)
            if contentEnd > offset || pipe > contentEnd {
                cells.append(Self.trimmed(offset..<contentEnd, in: line))
            }
            if pipe == contentEnd { break }
            offset = pipe
        }
        self.cells = cells
    }

    /// The alignment of each column when this row is a delimiter row (`| :-- | :-: | --: |`),
    /// or nil when it is not one.
    func alignments(in line: Slice<UnsafeBufferPointer<UInt8>>) -> [TableAlignment]? {
        guard !cells.isEmpty else { return nil }
        var alignments: [TableAlignment] = []
        alignments.reserveCapacity(cells.count)
        for cell in cells {
            let text = line[cell]
            let left = text.first == UInt8(ascii: ":")
            let right = text.count > 1 && text.last == UInt8(ascii: ":")
            let dashes = text.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            alignments.append(left ? (right ? .center : .left) : (right ? .right : .none))
        }
        return alignments
    }

    /// Past a `|` and the spaces and tabs after it at `offset`, or `offset` when there is none.
    private static func pipeAndSpaces(in line: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> Int {
        guard offset < line.endIndex, line[offset] == UInt8(ascii: "|") else { return offset }
        var end = offset + 1
        while end < line.endIndex, isSpace(line[end]) { end += 1 }
        return end
    }

    /// Where the cell from `offset` ends: at the first pipe not written `\|`, or the line's end.
    private static func cellEnd(in line: Slice<UnsafeBufferPointer<UInt8>>, from offset: Int) -> Int {
        var index = offset
        while index < line.endIndex, line[index] != UInt8(ascii: "|") {
            let escapesPipe =
                line[index] == UInt8(ascii: "\\") && index + 1 < line.endIndex && line[index + 1] == UInt8(ascii: "|")
            index += escapesPipe ? 2 : 1
        }
        return index
    }

    private static func trimmed(_ range: Range<Int>, in line: Slice<UnsafeBufferPointer<UInt8>>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isSpace(line[start]) { start += 1 }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        return start..<end
    }

    /// A space, a tab, a vertical tab or a form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
    }
}

/// How a table column's cells are aligned (`align` on its `th` and `td`).
enum TableAlignment {
    case none, left, center, right

    /// The attribute to write in a cell's tag, with its leading space.
    var attribute: String {
        switch self {
        case .none: ""
        case .left: " align=\"left\""
        case .center: " align=\"center\""
        case .right: " align=\"right\""
        }
    }
}
