/// Where a text's front matter lies: a block at the very top that starts with a line `---` and
/// ends with the next line `---` or `...` (trailing spaces and tabs allowed, `\n` or `\r\n` line
/// ends), as Jekyll, Hugo, Obsidian and most static site generators read it.
///
/// Without a closing line there is no front matter: a text may start with a thematic break.
/// Anything that is not at the very top, such as a `---` in a code block, is Markdown. The
/// delimiters are ASCII, so the block is found on bytes.
public struct FrontMatterBlock: Equatable, Sendable {
    /// The byte offsets of the YAML between the delimiter lines.
    public let yaml: Range<Int>
    /// The byte offset where the Markdown after the closing line starts.
    public let markdownStart: Int

    /// The block at `start` of `bytes`; nil when the text there does not open with a closed block.
    public init?(in bytes: some RandomAccessCollection<UInt8>, from start: Int = 0) {
        let bytes = Bytes(base: bytes, start: start)
        guard let opening = bytes.line(at: 0), bytes.isDelimiter(opening.content, allowingDots: false) else {
            return nil
        }
        var position = opening.next
        while let current = bytes.line(at: position) {
            if bytes.isDelimiter(current.content, allowingDots: true) {
                yaml = start + opening.next..<start + position
                markdownStart = start + current.next
                return
            }
            position = current.next
        }
        return nil
    }

    /// Whether `utf8` starts with `---`: the test a text must pass before it can hold a block,
    /// cheap enough to make on every page.
    public static func mayOpen(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.starts(with: "---".utf8)
    }

    /// `base` from `start` on, addressed from 0.
    private struct Bytes<Base: RandomAccessCollection<UInt8>> {
        let base: Base
        let start: Int

        var count: Int { base.count - start }

        subscript(offset: Int) -> UInt8 { base[base.index(base.startIndex, offsetBy: start + offset)] }

        /// The line starting at `lineStart` (without its `\n` or `\r\n`) and where the next one
        /// starts; nil at the end of the text.
        func line(at lineStart: Int) -> (content: Range<Int>, next: Int)? {
            guard lineStart < count else { return nil }
            var end = lineStart
            while end < count, self[end] != UInt8(ascii: "\n") { end += 1 }
            let next = end < count ? end + 1 : count
            if end > lineStart, self[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return (lineStart..<end, next)
        }

        /// `---` (or `...` when `allowingDots`), then nothing but spaces and tabs.
        func isDelimiter(_ line: Range<Int>, allowingDots: Bool) -> Bool {
            guard line.count >= 3 else { return false }
            let mark = self[line.lowerBound]
            guard mark == UInt8(ascii: "-") || (allowingDots && mark == UInt8(ascii: ".")),
                self[line.lowerBound + 1] == mark, self[line.lowerBound + 2] == mark
            else { return false }
            return line.dropFirst(3).allSatisfy { self[$0] == UInt8(ascii: " ") || self[$0] == UInt8(ascii: "\t") }
        }
    }
}
