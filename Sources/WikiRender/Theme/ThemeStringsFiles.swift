import DefaultTheme
import TOMLKit
import WikiDocuments

/// A theme's strings files (`strings-<language tag>.toml`), read: each language's words, the
/// default theme's file first, then the `--templates` folder's file of the same name.
struct ThemeStringsFiles: Sendable {
    /// The tables of words of each language, by tag in lowercase, the override's last.
    private let tables: [String: [[String: String]]]

    /// Whether `name` is the name of a strings file: `strings-`, a tag, `.toml`.
    static func isStringsFile(_ name: String) -> Bool {
        tag(ofFile: name) != nil
    }

    /// The language tag a strings file is for, in lowercase; nil for another file or a tag
    /// that is not well formed.
    static func tag(ofFile name: String) -> String? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        let tag = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        return LanguageTag(tag) == nil ? nil : tag.lowercased()
    }

    private static let prefix = "strings-"
    private static let suffix = ".toml"

    /// The words of `files`, in order: a later file's words come before an earlier one's.
    ///
    /// - Throws: `ThemeError` when a file is not TOML, or a word is not a string.
    init(_ files: [(name: String, file: ThemeFile)]) throws(ThemeError) {
        var tables: [String: [[String: String]]] = [:]
        for (name, file) in files {
            guard let tag = Self.tag(ofFile: name) else { continue }
            tables[tag, default: []].append(try Self.words(of: file))
        }
        self.tables = tables
    }

    /// The default theme's strings files.
    static let defaultFiles: ThemeStringsFiles = {
        let files = DefaultTheme.fileNames.filter(isStringsFile).map { ($0, ThemeFile.defaultFile(named: $0)) }
        do {
            return try ThemeStringsFiles(files)
        } catch {
            preconditionFailure("the default theme's strings do not read: \(error)")
        }
    }()

    /// The tables of the language `tag` (lowercase), the override's last; empty for none.
    func tables(of tag: String) -> [[String: String]] {
        tables[tag] ?? []
    }

    /// The words of each strings file read in this process, by its name and text.
    private static let readings = TextReadings<[String: String], ThemeError>()

    private static func words(of file: ThemeFile) throws(ThemeError) -> [String: String] {
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            throw ThemeError(
                file: file.displayName, message: "the strings file is not valid UTF-8 text; save it as UTF-8")
        }
        return try readings.reading(file.displayName + "\u{0}" + text) { () throws(ThemeError) in
            try words(of: file, text: text)
        }
    }

    private static func words(of file: ThemeFile, text: String) throws(ThemeError) -> [String: String] {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ThemeError(
                file: file.displayName, line: error.source.begin.line, column: error.source.begin.column,
                message: "not valid TOML: \(error.description)")
        } catch {
            throw ThemeError(file: file.displayName, message: "not valid TOML: \(error)")
        }
        var words: [String: String] = [:]
        for (key, value) in table {
            guard let word = value.string else {
                throw ThemeError(
                    file: file.displayName,
                    message: "\(key) is not a string; a strings file holds only key = \"word\" lines")
            }
            words[key] = word
        }
        return words
    }
}
