import Foundation
import Testing
import WikiRender

/// `--templates DIR`: files in the folder replace the default theme's of the same name.
@Suite("Theme overrides")
struct ThemeOverrideTests {
    /// A fresh temporary folder holding `files`, removed after `body` has run.
    func withFolder(_ files: [String: [UInt8]], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("wikisite-theme-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try body(folder)
    }

    func withFolder(texts: [String: String], _ body: (String) throws -> Void) throws {
        try withFolder(texts.mapValues { Array($0.utf8) }, body)
    }

    @Test("an override replaces its template; the others fall back to the default theme")
    func replacesOneTemplate() throws {
        let defaultTheme = try Theme.load(overridesIn: nil)
        try withFolder(texts: [
            "page.mustache": "<section class=\"mine\">{{title}} / {{{bodyHTML}}}</section>\n"
        ]) {
            folder in
            let theme = try Theme.load(overridesIn: folder)
            let page = theme.render(ThemeTestViews.page)
            #expect(page.contains("<section class=\"mine\">Sync Client / <h2 id=\"setup\">Setup</h2>"))
            #expect(page.hasPrefix("<!doctype html>"), "the default layout still wraps the page")
            #expect(!page.contains("page-footer"))
            #expect(theme.render(ThemeTestViews.wikiHome) == defaultTheme.render(ThemeTestViews.wikiHome))
            #expect(theme.render(ThemeTestViews.allPages) == defaultTheme.render(ThemeTestViews.allPages))
            #expect(
                theme.render(ThemeTestViews.siteIndex) == defaultTheme.render(ThemeTestViews.siteIndex))
            #expect(theme.stylesheet == defaultTheme.stylesheet)
            #expect(try ThemeSource.read(overridesIn: folder).ignoredFiles.isEmpty)
        }
    }

    @Test("the layout and the stylesheet can be replaced too")
    func replacesLayoutAndStylesheet() throws {
        try withFolder(texts: [
            "layout.mustache":
                "<html lang=\"{{lang}}\"><body class=\"{{pageKind}}\">{{{contentHTML}}}</body></html>",
            "style.css": "body { color: red; }\n",
        ]) { folder in
            let theme = try Theme.load(overridesIn: folder)
            let html = theme.render(ThemeTestViews.allPages)
            #expect(
                html.hasPrefix("<html lang=\"en\"><body class=\"all-pages\"><article class=\"special all-pages\">"))
            #expect(html.hasSuffix("</article>\n</body></html>"))
            #expect(theme.stylesheet == Array("body { color: red; }\n".utf8))
        }
    }

    @Test("overridden templates escape text as the default ones do")
    func overridesEscape() throws {
        try withFolder(texts: ["site-index.mustache": "<h1 title=\"{{title}}\">{{title}}</h1>"]) {
            folder in
            let theme = try Theme.load(overridesIn: folder)
            var view = ThemeTestViews.siteIndex
            view.title = "\"'<&>"
            let html = theme.render(view)
            #expect(html.contains("<h1 title=\"&quot;&#39;&lt;&amp;&gt;\">&quot;&#39;&lt;&amp;&gt;</h1>"))
        }
    }

    @Test("text values keep swift-mustache's transforms, lists their count")
    func transforms() throws {
        try withFolder(texts: ["all-pages.mustache": "{{uppercased(wikiTitle)}}: {{count(entries)}}\n"]) { folder in
            let theme = try Theme.load(overridesIn: folder)
            #expect(theme.render(ThemeTestViews.allPages).contains("MOBILE DEV: 3\n"))
        }
    }

    @Test("files that are not part of a theme are ignored and listed; hidden files are not listed")
    func ignoresUnknownFiles() throws {
        try withFolder(texts: [
            "pages.mustache": "{{#broken}}", "Page.mustache": "x", "notes.txt": "x", ".DS_Store": "x",
        ]) { folder in
            let theme = try Theme.load(overridesIn: folder)
            #expect(
                try ThemeSource.read(overridesIn: folder).ignoredFiles == [
                    "Page.mustache", "notes.txt", "pages.mustache",
                ])
            #expect(
                theme.render(ThemeTestViews.page)
                    == (try Theme.load(overridesIn: nil)).render(ThemeTestViews.page))
        }
    }

    @Test("a template that does not parse names the file, line and column")
    func brokenTemplate() throws {
        try withFolder(texts: [
            "home.mustache": "<h1>{{wikiTitle}}</h1>\n<p>{{#owner}}{{owner}}</p>\n{{/members}}\n"
        ]) {
            folder in
            let error = try #require(throws: ThemeError.self) { try Theme.load(overridesIn: folder) }
            #expect(error.file == folder + "/home.mustache")
            #expect(error.line == 3)
            #expect(error.column != nil)
            #expect(error.message.contains("does not match"))
            #expect(error.description.hasPrefix(folder + "/home.mustache:3:"))
        }
    }

    @Test("an error on the first line reports the column in the file as written")
    func brokenFirstLine() throws {
        try withFolder(texts: ["page.mustache": "<p>{{title</p>\n"]) { folder in
            let error = try #require(throws: ThemeError.self) { try Theme.load(overridesIn: folder) }
            #expect(error.file == folder + "/page.mustache")
            #expect(error.line == 1)
            let column = try #require(error.column)
            #expect(column >= 1 && column <= "<p>{{title</p>".count + 1)
        }
    }

    @Test("a section left open is reported")
    func unclosedSection() throws {
        try withFolder(texts: ["all-pages.mustache": "<ul>\n{{#entries}}\n<li>{{title}}</li>\n</ul>\n"]) { folder in
            let error = try #require(throws: ThemeError.self) { try Theme.load(overridesIn: folder) }
            #expect(error.file == folder + "/all-pages.mustache")
            #expect(error.line != nil)
            #expect(error.message.contains("{{/name}}"))
        }
    }

    @Test("a template that is not UTF-8 is refused")
    func notUTF8() throws {
        try withFolder(["layout.mustache": [0x3C, 0x70, 0x3E, 0xFF, 0xFE]]) { folder in
            let error = try #require(throws: ThemeError.self) { try Theme.load(overridesIn: folder) }
            #expect(error.file == folder + "/layout.mustache")
            #expect(error.message.contains("UTF-8"))
        }
    }

    @Test("a missing folder, or a file given as the folder, is an error naming it")
    func missingFolder() throws {
        try withFolder(texts: ["style.css": ""]) { folder in
            let missing = folder + "/nowhere"
            let missingError = try #require(throws: ThemeError.self) {
                try Theme.load(overridesIn: missing)
            }
            #expect(missingError.file == missing)
            #expect(missingError.message.contains("does not exist"))
            let file = folder + "/style.css"
            let fileError = try #require(throws: ThemeError.self) { try Theme.load(overridesIn: file) }
            #expect(fileError.file == file)
        }
    }
}
