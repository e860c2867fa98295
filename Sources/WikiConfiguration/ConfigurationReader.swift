import TOMLKit
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// Reads the TOML of a configuration file into a `Configuration`, collecting every problem
/// (unknown key, wrong type, invalid value) with its line instead of stopping at the first.
package struct ConfigurationReader {
    let file: String
    private let root: TOMLTable
    private let lines: TOMLKeyLines
    private(set) var problems: [ConfigurationError.Problem] = []

    /// The keys of the top level, of `[check]` and of each `[wikis."<id>"]` table.
    static let topLevelKeys = [
        "sources", "output", "state", "base_url", "link_style", "publish", "templates", "strict", "check", "wikis",
        "markdown",
    ]
    static let checkKeys = CheckCategory.allCases.map(\.rawValue)
    static let wikiKeys = ["slug", "raw_html", "camel_case_links", "dialect", "link_matching", "search", "lang"]
    static let markdownKeys = ["wiki_id", "title"]

    /// Parses `text`; throws when it is not TOML.
    init(text: String, file: String) throws(ConfigurationError) {
        self.file = file
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw ConfigurationError([
                ConfigurationError.Problem(file: file, line: line, message: "the file holds a NUL byte; TOML is text")
            ])
        }
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError([
                ConfigurationError.Problem(
                    file: file, line: error.source.begin.line,
                    message: "this is not valid TOML: \(error.description) (column \(error.source.begin.column))")
            ])
        } catch {
            throw ConfigurationError([
                ConfigurationError.Problem(file: file, line: nil, message: "this is not valid TOML: \(error)")
            ])
        }
        lines = TOMLKeyLines(text: text)
    }

    /// The settings of the file; `problems` holds what was wrong.
    mutating func read() -> Configuration {
        var configuration = Configuration()
        rejectUnknownKeys(of: root, at: [], known: Self.topLevelKeys)
        configuration.sources = paths("sources")
        configuration.outputFolder = path("output")
        configuration.stateFolder = path("state")
        configuration.templatesFolder = path("templates")
        configuration.wikiIDs = strings(at: ["publish"], item: "a wiki ID", items: "wiki IDs")
        configuration.strict = bool(at: ["strict"])
        if let text = string(at: ["base_url"]) {
            do throws(BaseURLError) {
                configuration.baseURL = try BaseURL(parsing: text)
            } catch {
                report(["base_url"], error.description)
            }
        }
        if let style = string(at: ["link_style"]) {
            configuration.linkStyle = choice(style, at: ["link_style"], among: LinkStyle.allCases)
        }
        if let check = table(at: ["check"]) {
            rejectUnknownKeys(of: check, at: ["check"], known: Self.checkKeys)
            for category in CheckCategory.allCases {
                let path = ["check", category.rawValue]
                if let level = string(at: path), let chosen = choice(level, at: path, among: CheckLevel.allCases) {
                    configuration.checkLevels[category] = chosen
                }
            }
        }
        configuration.wikiSettings = wikiSettings()
        if let markdown = table(at: ["markdown"]) {
            rejectUnknownKeys(of: markdown, at: ["markdown"], known: Self.markdownKeys)
            configuration.markdownWikiID = string(at: ["markdown", "wiki_id"])
            configuration.markdownWikiTitle = string(at: ["markdown", "title"])
        }
        problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return configuration
    }

    // MARK: Wikis

    /// The `[wikis."<id>"]` tables.
    private mutating func wikiSettings() -> [ExactString: WikiSettings] {
        guard let wikis = table(at: ["wikis"]) else { return [:] }
        var settings: [ExactString: WikiSettings] = [:]
        var slugOwners: [ExactString: String] = [:]
        for id in wikis.keys.sorted(by: { $0.precedesInByteOrder($1) }) {
            let path = ["wikis", id]
            guard !id.isEmpty else {
                report(path, "[wikis.\"\"] has an empty wiki ID; a wiki's _id is never empty")
                continue
            }
            guard let table = table(at: path) else { continue }
            rejectUnknownKeys(of: table, at: path, known: Self.wikiKeys)
            var wiki = WikiSettings()
            wiki.tableLocation = ConfigurationLocation(file: file, line: lines.line(of: path))
            wiki.allowRawHTML = bool(at: path + ["raw_html"]) ?? false
            wiki.camelCaseLinks = bool(at: path + ["camel_case_links"]) ?? false
            wiki.search = bool(at: path + ["search"]) ?? true
            if let name = string(at: path + ["dialect"]),
                let dialect = choice(name, at: path + ["dialect"], among: MarkdownDialect.allCases)
            {
                wiki.dialect = dialect
            }
            if let name = string(at: path + ["link_matching"]),
                let matching = choice(name, at: path + ["link_matching"], among: LinkMatching.allCases)
            {
                wiki.linkMatching = matching
            }
            if let text = string(at: path + ["lang"]) {
                if let lang = LanguageTag(text) {
                    wiki.lang = lang
                } else {
                    report(
                        path + ["lang"],
                        "\(Self.dotted(path + ["lang"])) \(MessageText.quoted(text)) of wiki \(MessageText.quoted(id)) "
                            + "is not a well-formed "
                            + "language tag (BCP 47): \(LanguageTag.problem(with: text) ?? ""); write one such as "
                            + "\"en\", \"zh-Hans\" or \"fr-CA\"")
                }
            }
            if let slug = string(at: path + ["slug"]) {
                if let problem = WikiSlug.problem(with: slug) {
                    report(path + ["slug"], "slug \(MessageText.quoted(slug)) is not a valid folder name: \(problem)")
                } else if let owner = slugOwners[ExactString(slug)] {
                    report(
                        path + ["slug"],
                        "slug \(MessageText.quoted(slug)) is already the slug of wiki \(MessageText.quoted(owner)); "
                            + "each wiki needs a folder of its own")
                } else {
                    slugOwners[ExactString(slug)] = id
                    wiki.slug = slug
                    wiki.slugLocation = ConfigurationLocation(file: file, line: lines.line(of: path + ["slug"]))
                }
            }
            settings[ExactString(id)] = wiki
        }
        return settings
    }

    // MARK: Values

    private mutating func rejectUnknownKeys(of table: TOMLTable, at path: [String], known: [String]) {
        for key in table.keys where !known.contains(where: { $0.isExactly(key) }) {
            let place = path.isEmpty ? "at the top level" : "in [\(Self.dotted(path))]"
            var message = "unknown key \(MessageText.quoted(key)) \(place)"
            let spelled = key.lowercased().replacingOccurrences(of: "-", with: "_")
            if let meant = known.first(where: { $0.isExactly(spelled) }) {
                message += "; did you mean \(meant)?"
            } else {
                message += "; known keys: \(known.sorted().joined(separator: ", "))"
            }
            report(path + [key], message)
        }
    }

    private func value(at path: [String]) -> TOMLValueConvertible? {
        var table: TOMLTable? = root
        for key in path.dropLast() { table = table?[key]?.table }
        return path.last.flatMap { table?[$0] }
    }

    private mutating func table(at path: [String]) -> TOMLTable? {
        typed(at: path, expected: .table, "a table") { $0.table }
    }

    private mutating func string(at path: [String]) -> String? {
        typed(at: path, expected: .string, "a string") { $0.string }
    }

    private mutating func bool(at path: [String]) -> Bool? {
        typed(at: path, expected: .bool, "true or false") { $0.bool }
    }

    /// The value at `path` when it has type `expected`; a problem when it has another.
    private mutating func typed<Value>(
        at path: [String], expected: TOMLType, _ description: String, _ read: (TOMLValueConvertible) -> Value?
    ) -> Value? {
        guard let found = value(at: path) else { return nil }
        guard found.type == expected, let value = read(found) else {
            report(path, "\(Self.dotted(path)) is \(Self.describe(found.type)), expected \(description)")
            return nil
        }
        return value
    }

    /// A non-empty array of non-empty strings, each `item` (`a path`).
    private mutating func strings(at path: [String], item: String, items: String) -> [String]? {
        guard let array = typed(at: path, expected: .array, "an array of \(items)", { $0.array }) else { return nil }
        var strings: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.string, !string.isEmpty else {
                let found = element.type == .string ? "an empty string" : Self.describe(element.type)
                report(path, "element \(index + 1) of \(Self.dotted(path)) is \(found), expected \(item)")
                return nil
            }
            strings.append(string)
        }
        guard !strings.isEmpty else {
            report(path, "\(Self.dotted(path)) is empty; list at least one, or leave the key out")
            return nil
        }
        return strings
    }

    private mutating func paths(_ key: String) -> [String]? {
        strings(at: [key], item: "a path", items: "paths")?.map {
            Configuration.path($0, relativeTo: Configuration.folder(of: file))
        }
    }

    private mutating func path(_ key: String) -> String? {
        guard let text = string(at: [key]) else { return nil }
        guard !text.isEmpty else {
            report([key], "\(key) is an empty string, expected a path")
            return nil
        }
        return Configuration.path(text, relativeTo: Configuration.folder(of: file))
    }

    /// The case of `Choice` named `text`; a problem naming the choices when there is none.
    private mutating func choice<Choice: RawRepresentable>(
        _ text: String, at path: [String], among choices: [Choice]
    ) -> Choice? where Choice.RawValue == String {
        if let chosen = choices.first(where: { $0.rawValue.isExactly(text) }) { return chosen }
        let names = choices.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        report(path, "\(Self.dotted(path)) is \(MessageText.quoted(text)), expected one of \(names)")
        return nil
    }

    private mutating func report(_ path: [String], _ message: String) {
        problems.append(ConfigurationError.Problem(file: file, line: lines.line(of: path), message: message))
    }

    /// `path` as TOML writes it: bare keys as they are, others quoted (`wikis."Mobile Dev".slug`).
    static func dotted(_ path: [String]) -> String {
        path.map { key in
            let isBare =
                !key.isEmpty
                && key.utf8.allSatisfy { byte in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                        || byte == UInt8(ascii: "-")
                }
            return isBare ? key : MessageText.quoted(key)
        }.joined(separator: ".")
    }

    private static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a float"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }
}
