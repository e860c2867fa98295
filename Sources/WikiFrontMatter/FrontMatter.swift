import WikiDocuments
import Yams

/// What a page's YAML front matter says about it. Other keys (`date`, whatever a tool put there)
/// are allowed and not used.
public struct FrontMatter: Equatable, Sendable {
    /// `title`: the title to show (surrounding whitespace removed); nil when absent, null or empty.
    public var title: String?
    /// `draft`: `true` keeps the page out of the published site.
    public var isDraft: Bool?
    /// `updated_by`: who saved the page last.
    public var updatedBy: String?
    /// `tags`: the page's tags, in the order written (`FrontMatterTags`).
    public var tags: [WikiTag] = []
    /// `aliases` and Obsidian's `alias`: the page's other titles, as written (trimmed), in the
    /// order given, `aliases` first.
    public var aliases: [String] = []
    /// What could not be read of a key whose problem loses no page (an `aliases` of the wrong
    /// kind): the rest of the front matter still counts.
    public var problems: [FrontMatterError] = []

    /// Front matter that says nothing.
    public init() {}

    /// Reads `yaml`, the text between the delimiter lines of a ``FrontMatterBlock`` (which starts
    /// on line 2 of its text: the lines of errors count from there).
    ///
    /// - Throws: ``FrontMatterError`` when `yaml` is not YAML, not a mapping, or gives a key of ours
    ///   twice or a value of the wrong kind.
    public init(yaml: String) throws(FrontMatterError) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw FrontMatterError(error)
        } catch {
            throw FrontMatterError(line: nil, message: "the front matter is not valid YAML: \(error)")
        }
        guard let root else { return }
        guard let mapping = root.mapping else {
            throw FrontMatterError(
                line: root.mark.map { $0.line + 1 },
                message: "the front matter is \(Self.describe(root)), not a mapping of `key: value` lines")
        }
        var seen: Set<FrontMatterKey> = []
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string, let key = FrontMatterKey(exactly: name) else { continue }
            let line = (keyNode.mark?.line).map { $0 + 1 }
            guard seen.insert(key).inserted else {
                throw FrontMatterError(line: line, message: "the front matter gives `\(name)` twice; keep one")
            }
            if key == .tags {
                tags = try FrontMatterTags.read(value, line: line)
                continue
            }
            if key == .aliases || key == .alias {
                read(aliasesIn: value, key: name, line: line)
                continue
            }
            guard let scalar = value.scalar else {
                throw FrontMatterError(
                    line: line, message: "the front matter's `\(name)` is \(Self.describe(value)), not a single value")
            }
            if value.null != nil { continue }
            switch key {
            case .title:
                title = Self.trimmed(scalar.string)
            case .draft:
                guard let flag = value.bool else {
                    throw FrontMatterError(
                        line: line,
                        message:
                            "the front matter's `draft` is \(MessageText.quoted(scalar.string, limit: .max)), not true or false"
                    )
                }
                isDraft = flag
            case .updatedBy:
                updatedBy = Self.trimmed(scalar.string)
            case .tags, .aliases, .alias:
                break
            }
        }
    }

    /// Adds the aliases `value` gives (the value of `key`, on `line`), or the problem with it.
    private mutating func read(aliasesIn value: Node, key: String, line: Int?) {
        switch FrontMatterAliases.read(value) {
        case .titles(let read):
            for alias in read.compactMap(Self.trimmed) {
                guard !alias.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    problems.append(
                        FrontMatterError(
                            line: line,
                            message: "the alias \(MessageText.quoted(alias, limit: 100)) in `\(key)` holds a control "
                                + "character; it is left out"))
                    continue
                }
                aliases.append(alias)
            }
        case .invalid(let node):
            problems.append(
                FrontMatterError(
                    line: line,
                    message: "the front matter's `\(key)` is \(Self.describe(node)), not a title or a list of "
                        + "titles; its aliases are left out"))
        }
    }

    /// `text` without surrounding whitespace; nil when nothing else is left.
    static func trimmed(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        return String(scalars[first...last])
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "the value \(MessageText.quoted(scalar.string, limit: .max))"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// The front matter keys that say something about a page.
private enum FrontMatterKey: String, CaseIterable {
    case title
    case draft
    case updatedBy = "updated_by"
    case tags
    case aliases
    case alias

    /// The key spelled exactly `name`.
    init?(exactly name: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue.isExactly(name) }) else { return nil }
        self = key
    }
}

/// Front matter that cannot be read: not YAML, not a mapping, or a key of ours given twice or
/// given a value of the wrong kind.
public struct FrontMatterError: Error, Equatable, Sendable {
    /// The 1-based line of the text (the opening `---` is line 1) where the problem is, when known.
    public let line: Int?
    /// What is wrong, in words a writer can act on.
    public let message: String

    /// The error `message` at `line`.
    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// The error of Yams' `error`, at the line its mark names.
    init(_ error: YamlError) {
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
        let position = mark.map { " at line \($0.line + 1), column \($0.column)" } ?? ""
        self.init(
            line: mark.map { $0.line + 1 },
            message: "the front matter (between the `---` lines at the top) is not valid YAML: \(reason)\(position); "
                + "fix it, or remove the block")
    }
}
