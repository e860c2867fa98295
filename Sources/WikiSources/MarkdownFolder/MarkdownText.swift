import WikiDocuments
import Yams

/// What a file's YAML front matter says about its page. Other keys (`tags`, `date`, whatever a
/// tool put there) are allowed and not used.
struct FrontMatter: Equatable {
    /// `title`: the page's title instead of its path (surrounding whitespace removed); `nil` when
    /// absent, null or empty.
    var title: String?
    /// `draft`: `true` keeps the page out of the published site.
    var isDraft: Bool?
    /// `updated_by`: who saved the page last.
    var updatedBy: String?
}

/// The front matter keys that say something about a page.
private enum FrontMatterKey: String, CaseIterable {
    case title
    case draft
    case updatedBy = "updated_by"

    /// The key spelled exactly `name`.
    init?(exactly name: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue.isExactly(name) }) else { return nil }
        self = key
    }
}

/// A file whose text cannot be used: not UTF-8, or with front matter that is not YAML, not a
/// mapping, or that gives a key of ours a value of the wrong kind.
struct MarkdownTextError: Error, Equatable {
    /// The 1-based line of the file where the problem is, when known.
    let line: Int?
    /// What is wrong, for a ``RejectedEntry``.
    let message: String
}

/// A file's text split into its front matter and its Markdown.
///
/// Front matter is a block at the very top of the file (after a byte order mark, if any) that
/// starts with a line `---` and ends with the next line `---` or `...` (trailing spaces allowed,
/// `\n` or `\r\n` line ends), as Jekyll, Hugo, Obsidian and most static site generators read it.
/// Without a closing line there is no front matter: a file may start with a thematic break.
/// Anything that is not at the very top, such as a `---` in a code block, is Markdown.
struct MarkdownText {
    /// The front matter; empty when the file has none.
    let frontMatter: FrontMatter
    /// The text after the front matter (the whole text without a byte order mark when there is
    /// none).
    let markdown: String

    /// Splits the file's `bytes` (the delimiters are ASCII, so this is done on bytes), then reads
    /// each part as UTF-8 text and the front matter as YAML.
    ///
    /// - Throws: ``MarkdownTextError`` when the text is not UTF-8 or the front matter cannot be read.
    init(_ bytes: [UInt8]) throws(MarkdownTextError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let block = Self.frontMatterBlock(in: bytes, from: start)
        guard let markdown = String(validating: bytes[(block?.markdownStart ?? start)...], as: UTF8.self) else {
            throw Self.invalidText(bytes)
        }
        self.markdown = markdown
        guard let block else {
            frontMatter = FrontMatter()
            return
        }
        guard let yaml = String(validating: bytes[block.yaml], as: UTF8.self) else { throw Self.invalidText(bytes) }
        frontMatter = try Self.read(yaml: yaml)
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

    /// Where the YAML lies and where the Markdown starts, when the text opens with a closed block.
    private static func frontMatterBlock(in bytes: [UInt8], from start: Int) -> (yaml: Range<Int>, markdownStart: Int)?
    {
        guard let opening = line(in: bytes, at: start), isDelimiter(bytes[opening.content], allowingDots: false)
        else { return nil }
        var position = opening.next
        while let current = line(in: bytes, at: position) {
            if isDelimiter(bytes[current.content], allowingDots: true) {
                return (opening.next..<position, current.next)
            }
            position = current.next
        }
        return nil
    }

    /// The line starting at `start` (without its `\n` or `\r\n`) and where the next one starts;
    /// `nil` at the end of the text.
    private static func line(in bytes: [UInt8], at start: Int) -> (content: Range<Int>, next: Int)? {
        guard start < bytes.count else { return nil }
        let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
        var end = newline ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return (start..<end, newline.map { $0 + 1 } ?? bytes.count)
    }

    /// `---` (or `...` when `allowingDots`), then nothing but spaces and tabs.
    private static func isDelimiter(_ line: ArraySlice<UInt8>, allowingDots: Bool) -> Bool {
        let marks = line.prefix(3)
        guard marks.elementsEqual("---".utf8) || (allowingDots && marks.elementsEqual("...".utf8)) else {
            return false
        }
        return line.dropFirst(3).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Reads the YAML between the delimiters, which starts on line 2 of the file.
    private static func read(yaml: String) throws(MarkdownTextError) -> FrontMatter {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw Self.error(error)
        } catch {
            throw MarkdownTextError(line: nil, message: "the front matter is not valid YAML: \(error)")
        }
        guard let root else { return FrontMatter() }
        guard let mapping = root.mapping else {
            throw MarkdownTextError(
                line: root.mark.map { $0.line + 1 },
                message: "the front matter is \(describe(root)), not a mapping of `key: value` lines")
        }
        var frontMatter = FrontMatter()
        var seen: Set<FrontMatterKey> = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string, let key = FrontMatterKey(exactly: name) else { continue }
            let line = (keyNode.mark?.line).map { $0 + 1 }
            guard seen.insert(key).inserted else {
                throw MarkdownTextError(line: line, message: "the front matter gives `\(name)` twice; keep one")
            }
            guard let scalar = value.scalar else {
                throw MarkdownTextError(
                    line: line, message: "the front matter's `\(name)` is \(describe(value)), not a single value")
            }
            if value.null != nil { continue }
            switch key {
            case .title:
                let title = trimmed(scalar.string)
                frontMatter.title = title.isEmpty ? nil : title
            case .draft:
                guard let flag = value.bool else {
                    throw MarkdownTextError(
                        line: line,
                        message: "the front matter's `draft` is \(DisplayText.quoted(scalar.string)), not true or false"
                    )
                }
                frontMatter.isDraft = flag
            case .updatedBy:
                let user = trimmed(scalar.string)
                frontMatter.updatedBy = user.isEmpty ? nil : user
            }
        }
        return frontMatter
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value \(DisplayText.quoted(scalar.string))"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    private static func error(_ error: YamlError) -> MarkdownTextError {
        let reason: String
        let mark: Mark?
        switch error {
        case .scanner(let context, let problem, let problemMark, _),
            .parser(let context, let problem, let problemMark, _),
            .composer(let context, let problem, let problemMark, _):
            reason = problem + (context.map { " (\($0.text))" } ?? "")
            mark = problemMark
        case .reader(let problem, _, _, _):
            reason = problem
            mark = nil
        default:
            reason = "\(error)"
            mark = nil
        }
        let line = mark.map { $0.line + 1 }
        let position = mark.map { " at line \($0.line + 1), column \($0.column)" } ?? ""
        return MarkdownTextError(
            line: line,
            message: "the front matter (between the `---` lines at the top) is not valid YAML: \(reason)\(position); "
                + "fix it, or remove the block")
    }
}
