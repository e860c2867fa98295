import WikiDocuments
import WikiFrontMatter

/// A file whose text cannot be used: not UTF-8, or with front matter that is not YAML, not a
/// mapping, or that gives a key of ours a value of the wrong kind.
struct MarkdownTextError: Error, Equatable {
    /// The 1-based line of the file where the problem is, when known.
    let line: Int?
    /// What is wrong, for a ``RejectedEntry``.
    let message: String
}

/// A file's text and what its front matter (a ``FrontMatterBlock``) says.
struct MarkdownText {
    /// The front matter; empty when the file has none.
    let frontMatter: FrontMatter
    /// The whole text without a byte order mark, front matter included: a page's `markdown`, as
    /// a document written by any other tool holds it.
    let text: String
    /// Where the front matter ends in `text`.
    private let markdownStart: String.Index

    /// The text after the front matter: the Markdown of the wiki's home.
    var markdown: String { String(text[markdownStart...]) }

    /// Reads the file's `bytes` as UTF-8 text and its front matter as YAML.
    ///
    /// - Throws: ``MarkdownTextError`` when the text is not UTF-8 or the front matter cannot be read.
    init(_ bytes: [UInt8]) throws(MarkdownTextError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let block = FrontMatterBlock(in: bytes, from: start)
        guard let text = String(validating: bytes[start...], as: UTF8.self) else { throw Self.invalidText(bytes) }
        self.text = text
        guard let block else {
            frontMatter = FrontMatter()
            markdownStart = text.startIndex
            return
        }
        // The delimiters are ASCII: the block's end falls between characters.
        markdownStart = text.utf8.index(text.startIndex, offsetBy: block.markdownStart - start)
        do {
            frontMatter = try FrontMatter(yaml: String(decoding: bytes[block.yaml], as: UTF8.self))
        } catch {
            throw MarkdownTextError(line: error.line, message: error.message)
        }
    }

    /// The error for text that is not UTF-8, at the line of the first byte that is not part of
    /// valid UTF-8.
    private static func invalidText(_ bytes: [UInt8]) -> MarkdownTextError {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput, .error: break loop
            }
        }
        return MarkdownTextError(
            line: line, message: "it is not valid UTF-8 text; save it as UTF-8 (the encoding of every Markdown file)")
    }
}
