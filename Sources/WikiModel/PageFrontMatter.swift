import WikiDocuments
import WikiFrontMatter

/// A page's Markdown split into its YAML front matter and its body, as Obsidian, Dendron and
/// Jekyll write pages: the front matter is read, never shown as text.
///
/// Front matter that cannot be read is shown as a code block at the top of the page instead,
/// with a warning: nothing a writer wrote is lost.
struct PageFrontMatter {
    /// What the front matter says; empty when there is none or it cannot be read.
    let frontMatter: FrontMatter
    /// The Markdown to render: the text after the front matter.
    let body: MarkdownText
    /// Why the front matter could not be read, when it could not.
    let problem: FrontMatterError?
    /// What of a front matter that was read is left out (an `aliases` of the wrong kind).
    var partProblems: [FrontMatterError] { frontMatter.problems }

    /// Splits `markdown`. Only a text that starts with `---` is read for it.
    init(_ markdown: MarkdownText) {
        var text = markdown.opensWithDashes ? markdown.text : ""
        guard markdown.opensWithDashes, let block = text.withUTF8({ FrontMatterBlock(in: $0) }) else {
            frontMatter = FrontMatter()
            body = markdown
            problem = nil
            return
        }
        let utf8 = Array(text.utf8)
        do {
            frontMatter = try FrontMatter(yaml: String(decoding: utf8[block.yaml], as: UTF8.self))
            body = markdown.suffix(fromByte: block.markdownStart, of: text)
            problem = nil
        } catch {
            let shown = String(decoding: utf8[..<block.markdownStart], as: UTF8.self)
            let rest = String(decoding: utf8[block.markdownStart...], as: UTF8.self)
            frontMatter = FrontMatter()
            body = MarkdownText(Self.codeBlock(shown) + rest)
            problem = error
        }
    }

    /// `text` as a fenced code block: the fence is longer than any run of backticks in it, so
    /// nothing in the text can close it.
    static func codeBlock(_ text: String) -> String {
        var longest = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let closed = text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
        return fence + "yaml\n" + closed + fence + "\n"
    }
}

/// A page whose front matter could not be read: it is published with the front matter shown as
/// a code block.
public struct InvalidFrontMatter: Sendable, CustomStringConvertible {
    /// The page's `_id`.
    public let documentID: String
    /// Where the page was read.
    public let origin: DocumentOrigin
    /// The line of the page's `markdown` where the problem is (the opening `---` is line 1).
    public let line: Int?
    /// What is wrong.
    public let reason: String
    /// Whether the whole front matter is shown as a code block; otherwise only the part `reason`
    /// names is left out.
    public let isShownAsCode: Bool

    /// The problem `reason` at `line` of the page `documentID` read at `origin`; the whole front
    /// matter is shown as code unless `isShownAsCode` is false.
    public init(documentID: String, origin: DocumentOrigin, line: Int?, reason: String, isShownAsCode: Bool = true) {
        self.documentID = documentID
        self.origin = origin
        self.line = line
        self.reason = reason
        self.isShownAsCode = isShownAsCode
    }

    /// `origin: "id": markdown line N: reason`, the `_id` quoted with control characters escaped.
    public var description: String {
        let place = line.map { "markdown line \($0): " } ?? ""
        let shown = isShownAsCode ? " (shown as a code block)" : ""
        return "\(origin): \(MessageText.quoted(documentID)): \(place)\(reason)\(shown)"
    }
}
