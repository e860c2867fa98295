import DefaultTheme
import Foundation
import Mustache

/// A theme: the layout, one Mustache template per kind of page, and a stylesheet.
///
/// Loaded once per build and shared by every rendering thread: a `Theme` is immutable, and
/// `render(_:)` only reads it.
///
/// Templates are Mustache as swift-mustache reads it: `{{name}}` inserts text, HTML-escaped
/// (`&`, `<`, `>`, `"` and `'`), `{{{name}}}` inserts a value that is already HTML (the
/// variables whose names end in `HTML`), `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}` are
/// sections. Partials (`{{> name}}`) are not available: each template stands alone and a
/// partial renders as nothing.
///
/// A template that keeps to text, names, sections and comments (every template of the default
/// theme) is compiled and rendered by `CompiledTemplate`, which gives the bytes swift-mustache
/// would at a fraction of the cost; swift-mustache parses, checks and renders every other one.
public struct Theme: Sendable {
    private let templates: ParsedTemplates
    private let stringsFiles: ThemeStringsFiles
    /// The stylesheet, `style.css`: the pipeline writes it once for the whole site.
    public let stylesheet: [UInt8]
    /// The search scripts, by file name (`ThemeTemplate.searchScriptFileNames`): the pipeline
    /// writes them once for the whole site.
    public let searchScripts: [String: [UInt8]]
    /// The sidebar script, `sidebar.js`: the pipeline writes it once for the whole site.
    public let sidebarScript: [UInt8]

    /// Loads the default theme, with each file found in `directory` replacing the default file
    /// of the same name (`ThemeSource.read(overridesIn:)`), and makes its templates.
    ///
    /// - Throws: `ThemeError` when the folder cannot be read, or a template is not UTF-8 or
    ///   not valid Mustache (naming the file, line and column).
    public static func load(overridesIn directory: String?) throws -> Theme {
        try Theme(ThemeSource.read(overridesIn: directory))
    }

    /// The theme made of `source`'s files: with `engine` `.compiled`, each template compiled
    /// (`CompiledTemplate`) or, outside its subset, parsed by swift-mustache; with
    /// `.swiftMustache`, every template parsed by swift-mustache.
    ///
    /// - Throws: `ThemeError` when a template is not UTF-8 or not valid Mustache (naming the
    ///   file, line and column).
    public init(_ source: ThemeSource, engine: TemplateEngine = .fromEnvironment) throws {
        ThemeHTMLEscaping.registration
        var templates: [ThemeTemplateRenderer] = []
        for file in source.templateFiles {
            // A template the compiler takes is one swift-mustache parses too (`CompiledTemplate`):
            // swift-mustache parses only the others, and reports their errors.
            let text = try file.templateText()
            if engine == .compiled, let compiled = CompiledTemplate.compile(text) {
                templates.append(.compiled(compiled))
            } else {
                templates.append(.mustache(try file.parseTemplate(text)))
            }
        }
        self.templates = ParsedTemplates(templates: templates)
        stringsFiles = try ThemeStringsFiles(source.stringsFiles.map { ($0.name, $0.file) })
        stylesheet = source.files[ThemeTemplate.stylesheetFileName]!
        searchScripts = Dictionary(
            uniqueKeysWithValues: ThemeTemplate.searchScriptFileNames.map { ($0, source.files[$0]!) })
        sidebarScript = source.files[ThemeTemplate.sidebarScriptFileName]!
    }

    /// The theme's words in `lang` (`ThemeStrings`), from its strings files.
    public func strings(for lang: LanguageTag) -> ThemeStrings {
        ThemeStrings(lang: lang, files: stringsFiles)
    }

    /// The whole HTML document for `view`: its template, rendered with `view.templateValues`,
    /// inside `layout.mustache`, rendered with `view.layout.templateValues` plus
    /// `contentHTML` (the rendered content) and `pageKind` (the content template's name, e.g.
    /// `page`, `home`, `all-pages`, `recent-changes` or `site-index`). Both templates receive
    /// `strings`, the words of the layout's language.
    public func render<View: ThemeView>(_ view: View) -> String {
        var values = view.templateValues
        values.set("strings", view.layout.strings)
        let content = templates[View.template].render(values)
        var layoutValues = view.layout.templateValues
        layoutValues.set("contentHTML", content)
        layoutValues.set("pageKind", View.template.rawValue)
        return templates[.layout].render(layoutValues)
    }

    /// What renders `template`.
    func renderer(of template: ThemeTemplate) -> ThemeTemplateRenderer {
        templates[template]
    }
}

/// What renders a theme's templates.
public enum TemplateEngine: Sendable, Equatable {
    /// `CompiledTemplate` for the templates in its subset, swift-mustache for the others.
    case compiled
    /// swift-mustache for every template: the reference the compiled templates are held to.
    case swiftMustache

    /// The engine the value of the environment variable `WIKISITE_TEMPLATE_ENGINE` names:
    /// `swift-mustache`, or anything else (or nothing) for the compiled templates. The tests use
    /// it to build a site with each.
    public init(environmentValue value: String?) {
        self = value == "swift-mustache" ? .swiftMustache : .compiled
    }

    /// The engine `WIKISITE_TEMPLATE_ENGINE` names in this process's environment.
    public static let fromEnvironment = TemplateEngine(
        environmentValue: getenv("WIKISITE_TEMPLATE_ENGINE").map { String(cString: $0) })
}

/// What renders one template of a theme: the compiled form when the template is in its subset,
/// swift-mustache otherwise.
enum ThemeTemplateRenderer: Sendable {
    case compiled(CompiledTemplate)
    case mustache(MustacheTemplate)

    /// The template rendered with `values`.
    func render(_ values: TemplateValues) -> String {
        switch self {
        case .compiled(let template): template.render(values)
        case .mustache(let template): template.render(values.context)
        }
    }
}

/// The parsed templates of a theme, one for each `ThemeTemplate`.
private struct ParsedTemplates: Sendable {
    /// In the order of `ThemeTemplate.allCases`.
    let templates: [ThemeTemplateRenderer]

    subscript(template: ThemeTemplate) -> ThemeTemplateRenderer {
        templates[Self.positions[template]!]
    }

    private static let positions: [ThemeTemplate: Int] = Dictionary(
        uniqueKeysWithValues: ThemeTemplate.allCases.enumerated().map { ($1, $0) })
}

/// The files of a theme as read, before its templates are made: enough to tell whether the theme
/// changed since the last build (`files`) without compiling anything.
public struct ThemeSource: Sendable {
    /// The file of each template, in the order of `ThemeTemplate.allCases`.
    fileprivate let templateFiles: [ThemeFile]
    /// The strings files: the default theme's, then the override folder's, each with its name.
    fileprivate let stringsFiles: [(name: String, file: ThemeFile)]
    /// The bytes of every file (each template and `style.css`), by file name.
    public let files: [String: [UInt8]]
    /// The files of the override folder that are not part of a theme (neither a template of
    /// `ThemeTemplate` nor `style.css`) and were therefore ignored, in byte order; hidden files
    /// (whose names start with `.`) are not listed. Empty without an override folder.
    public let ignoredFiles: [String]

    /// The default theme's files, each replaced by the file of the same name in `directory`: the
    /// templates of `ThemeTemplate` (`layout.mustache`, `page.mustache`, `home.mustache`,
    /// `all-pages.mustache`, `recent-changes.mustache`, `new-pages.mustache`,
    /// `wanted-pages.mustache`, `orphaned-pages.mustache`, `statistics.mustache`,
    /// `site-index.mustache`) and `style.css`. Files the folder does not provide fall back to the
    /// default theme's. Names must match exactly (letter case included); any other file in the
    /// folder is ignored and listed in `ignoredFiles`.
    ///
    /// - Parameter directory: the override folder (`--templates DIR`), or `nil` for the
    ///   default theme alone.
    /// - Throws: `ThemeError` when the folder or one of its files cannot be read.
    public static func read(overridesIn directory: String?) throws -> ThemeSource {
        let folder = try directory.map(ThemeOverrideFolder.init(path:))
        var templateFiles: [ThemeFile] = []
        var files: [String: [UInt8]] = [:]
        for template in ThemeTemplate.allCases {
            let file = try folder?.file(named: template.fileName) ?? .defaultFile(named: template.fileName)
            templateFiles.append(file)
            files[template.fileName] = file.bytes
        }
        for name in ThemeTemplate.assetFileNames {
            files[name] = try folder?.file(named: name)?.bytes ?? ThemeFile.defaultFile(named: name).bytes
        }
        var stringsFiles = DefaultTheme.fileNames.filter(ThemeStringsFiles.isStringsFile).map {
            (name: $0, file: ThemeFile.defaultFile(named: $0))
        }
        for name in folder?.stringsFileNames ?? [] {
            if let file = try folder?.file(named: name) { stringsFiles.append((name, file)) }
        }
        for (name, file) in stringsFiles { files[name] = file.bytes }
        return ThemeSource(
            templateFiles: templateFiles, stringsFiles: stringsFiles, files: files,
            ignoredFiles: folder?.ignoredFiles ?? [])
    }
}
