import DefaultTheme
import Foundation
import Mustache

/// One file of a theme: where it comes from and its bytes.
struct ThemeFile: Sendable {
    /// How errors name the file: its path, or `<name> (default theme)`.
    let displayName: String
    /// The file's contents.
    let bytes: [UInt8]

    /// The default theme's file called `name`, one of `DefaultTheme.fileNames`.
    static func defaultFile(named name: String) -> ThemeFile {
        guard let bytes = DefaultTheme.contents(ofFile: name) else {
            preconditionFailure("the default theme has no file \(name)")
        }
        return ThemeFile(displayName: "\(name) (default theme)", bytes: bytes)
    }

    /// The file's text as a template: after the pragma that makes its `{{name}}`s escape with
    /// `ThemeHTMLEscaping`.
    func templateText() throws(ThemeError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ThemeError(
                file: displayName, message: "the template is not valid UTF-8 text; save it as UTF-8")
        }
        return ThemeHTMLEscaping.pragma + text
    }

    /// `text`, the file's `templateText()`, parsed by swift-mustache; its errors name the file,
    /// line and column.
    func parseTemplate(_ text: String) throws(ThemeError) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            let pragmaLength = ThemeHTMLEscaping.pragma.count
            let line = error.context.lineNumber
            let column =
                line == 1 ? max(1, error.context.columnNumber - pragmaLength) : error.context.columnNumber
            throw ThemeError(
                file: displayName, line: line, column: column,
                message: "not valid Mustache: \(Self.explanation(of: error.error))")
        } catch {
            throw ThemeError(file: displayName, message: "not valid Mustache: \(error)")
        }
    }

    private static func explanation(of error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect:
            return "a closing tag {{/name}} does not match the section that is open"
        case .unfinishedName:
            return "a tag is not closed with }} or its name contains characters a name cannot have"
        case .expectedSectionEnd:
            return "the file ends inside a section; close every {{#name}} and {{^name}} with {{/name}}"
        case .invalidSetDelimiter:
            return "a set-delimiter tag {{=<% %>=}} is malformed"
        case .transformAppliedToInheritanceSection:
            return "a transform cannot be applied to a {{$block}}"
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "only {{$block}} definitions may appear inside {{<parent}}…{{/parent}}"
        case .invalidConfigVariableSyntax:
            return "a pragma tag {{%NAME:value}} is malformed"
        case .unrecognisedConfigVariable:
            return "unknown pragma; only {{%CONTENT_TYPE:HTML}} and {{%CONTENT_TYPE:TEXT}} exist"
        }
    }
}

/// A folder of files that replace the default theme's (`--templates DIR`).
struct ThemeOverrideFolder {
    /// The folder's path as given.
    let path: String
    /// The names of the folder's entries, hidden ones excluded.
    private let entries: [String]

    /// The folder at `path`; throws when it is missing, not a folder, or cannot be listed.
    init(path: String) throws(ThemeError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ThemeError(file: path, message: "the templates folder does not exist")
        }
        guard isDirectory.boolValue else {
            throw ThemeError(
                file: path,
                message: "the templates path is a file; give the folder that holds the templates")
        }
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path).filter {
                !$0.hasPrefix(".")
            }
        } catch {
            throw ThemeError(
                file: path, message: "cannot list the templates folder: \(error.localizedDescription)")
        }
        self.path = path
    }

    /// The folder's file called exactly `name`, or nil when it has none.
    func file(named name: String) throws(ThemeError) -> ThemeFile? {
        guard entries.contains(where: { $0.utf8.elementsEqual(name.utf8) }) else { return nil }
        let filePath = path.hasSuffix("/") ? path + name : path + "/" + name
        guard let data = FileManager.default.contents(atPath: filePath) else {
            throw ThemeError(
                file: filePath, message: "cannot read the file; check that it is a readable file")
        }
        return ThemeFile(displayName: filePath, bytes: [UInt8](data))
    }

    /// The strings files of the folder (`strings-<tag>.toml`), in byte order.
    var stringsFileNames: [String] {
        entries.filter(ThemeStringsFiles.isStringsFile).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The entries that are not files of a theme, in byte order.
    var ignoredFiles: [String] {
        let themeFiles = ThemeTemplate.allCases.map(\.fileName) + ThemeTemplate.assetFileNames
        return
            entries
            .filter { entry in !themeFiles.contains { $0.utf8.elementsEqual(entry.utf8) } }
            .filter { !ThemeStringsFiles.isStringsFile($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
