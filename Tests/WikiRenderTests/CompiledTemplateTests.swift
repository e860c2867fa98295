import Foundation
import Mustache
import SplitMix64
import Testing

@testable import WikiRender

/// `CompiledTemplate` renders its subset of Mustache exactly as swift-mustache does, and leaves
/// everything else to it.
@Suite("Compiled templates")
struct CompiledTemplateTests {
    /// Values with every kind a view hands over: texts (with characters to escape), numbers,
    /// flags, a list of texts, groups, lists of groups (one empty), and names shadowed in
    /// inner scopes.
    static var values: TemplateValues {
        var values = TemplateValues()
        values.set("title", "Tom & Jerry's <\"page\">")
        values.set("bodyHTML", "<p>Body & soul</p>")
        values.set("count", 42)
        values.set("zero", 0)
        values.set("yes", true)
        values.set("no", false)
        values.set("empty", "")
        values.set("members", ["ann", "<bob>"])
        values.set("none", [TemplateValues]())
        var inner = TemplateValues()
        inner.set("title", "Inner title")
        inner.set("href", "a.html")
        var deeper = TemplateValues()
        deeper.set("text", "deep")
        inner.set("deeper", deeper)
        values.set("group", inner)
        values.set(
            "entries",
            (1...3).map { number in
                var entry = TemplateValues()
                entry.set("href", "page-\(number).html")
                entry.set("label", "Page \(number)")
                entry.set("isFirst", number == 1)
                return entry
            })
        return values
    }

    /// Templates in the subset, chosen for the parser's corners: standalone tags (with spaces,
    /// tabs, at the start and the end, with CRLF), comments, whitespace before tags, nested and
    /// inverted sections, dotted and anchored names, the current item, every kind of value.
    static let subset: [String] = [
        "",
        "plain text",
        "{{title}} {{{title}}} {{& title}} {{ title }}",
        "{{count}} {{zero}} {{yes}} {{no}} {{missing}}[{{empty}}]",
        "{{#yes}}Y{{/yes}}{{^yes}}N{{/yes}}{{#no}}Y{{/no}}{{^no}}N{{/no}}",
        "{{#count}}[{{.}}]{{/count}}{{#zero}}[{{.}}]{{/zero}}{{^zero}}not{{/zero}}",
        "{{#members}}<li>{{.}}</li>{{/members}}",
        "{{#none}}x{{/none}}{{^none}}none{{/none}}{{^members}}x{{/members}}",
        "{{#group}}{{title}} {{href}} {{count}} {{deeper.text}} {{.title}} {{.count}}{{/group}}",
        "{{group.title}} {{group.deeper.text}} {{group.missing.text}} {{missing.title}}",
        "{{#group}}{{#deeper}}{{text}} {{title}} {{bodyHTML}}{{/deeper}}{{/group}}",
        "{{#empty}}e[{{.}}]{{/empty}}{{^empty}}no{{/empty}}{{#title}}{{.}}{{/title}}",
        "<ul>\n  {{#entries}}\n  <li><a href=\"{{href}}\">{{label}}</a></li>\n  {{/entries}}\n</ul>\n",
        "<ul>\r\n  {{#entries}}\r\n  <li>{{label}}</li>\r\n  {{/entries}}\r\n</ul>\r\n",
        "\t{{#entries}}\t\n{{label}}\n\t{{/entries}}  \nend",
        "{{#entries}}\n{{#isFirst}}\nfirst\n{{/isFirst}}\n{{^isFirst}}\nother {{label}}\n{{/isFirst}}\n{{/entries}}\n",
        "  {{! a comment }}\nafter\n  {{! a comment }} text\n{{!\nmulti\nline\n}}\nend",
        "before {{#yes}}\ninside\n{{/yes}} after\n",
        "  {{title}}\n  {{#yes}}  \n    x\n  {{/yes}}\n",
        "{{#yes}}\n{{/yes}}",
        "  {{#yes}}\n  {{/yes}}  ",
        "a {\nb { {{title}} } }{\n",
        "{{#entries}}{{label}}{{^isFirst}}, {{/isFirst}}{{/entries}}",
        "{{#group}}{{#entries}}{{title}}:{{label}};{{/entries}}{{/group}}",
        "{{#none}}{{/none}}{{^none}}{{count}}{{/none}}",
        "line 1\n\n\n  \nline 5  \n  ",
        "{{members}} {{group}} {{entries}}",
    ]

    /// Templates outside the subset: swift-mustache renders them.
    static let outside: [String] = [
        "{{uppercased(title)}}", "{{count(entries)}}", "{{> partial}}", "{{=<% %>=}}<% title %>",
        "{{%CONTENT_TYPE:TEXT}}{{title}}", "{{$block}}default{{/block}}", "{{.}}{{..}}",
    ]

    func swiftMustache(_ template: String) throws -> String {
        ThemeHTMLEscaping.registration
        return try MustacheTemplate(string: ThemeHTMLEscaping.pragma + template).render(Self.values.context)
    }

    @Test(arguments: subset)
    func rendersTheSubsetAsSwiftMustacheDoes(template: String) throws {
        ThemeHTMLEscaping.registration
        let compiled = try #require(CompiledTemplate.compile(ThemeHTMLEscaping.pragma + template))
        #expect(compiled.render(Self.values) == (try swiftMustache(template)))
    }

    @Test(arguments: outside)
    func leavesEverythingElseToSwiftMustache(template: String) throws {
        _ = try swiftMustache(template)
        #expect(CompiledTemplate.compile(ThemeHTMLEscaping.pragma + template) == nil)
    }

    /// Pieces random templates are made of: text, whitespace and line ends, every kind of tag of
    /// the subset, tags outside it, and malformed ones.
    static let pieces: [String] = [
        "a", "text ", " ", "  ", "\t", "\n", "\r\n", "{", "}", "{{title}}", "{{ title }}", "{{{bodyHTML}}}",
        "{{&title}}", "{{#yes}}", "{{/yes}}", "{{^no}}", "{{/no}}", "{{#entries}}", "{{/entries}}",
        "{{#group}}", "{{/group}}", "{{^members}}", "{{/members}}", "{{! a comment }}", "{{.}}",
        "{{group.title}}", "{{.label}}", "{{missing}}", "{{count}}", "{{", "}}", "{{#", "{{/x}}", "{{ {{",
        "{{>partial}}", "{{title}", "{{=<% %>=}}", "{{uppercased(title)}}", "{{$block}}", "{{é}}",
    ]

    /// A template the compiler takes is one swift-mustache parses, and both render it the same:
    /// checked on random templates (the seed is fixed; a failure names the template).
    @Test func randomTemplatesTheCompilerTakesRenderAsSwiftMustacheDoes() throws {
        ThemeHTMLEscaping.registration
        var random = SplitMix64(seed: 20_261_124)
        var compiledCount = 0
        for _ in 0..<3000 {
            let length = Int(random.next() % 14)
            let template = (0..<length).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
                .joined()
            guard let compiled = CompiledTemplate.compile(ThemeHTMLEscaping.pragma + template) else { continue }
            compiledCount += 1
            let expected = try #require(
                try? swiftMustache(template), "compiled, but swift-mustache refuses \(template.debugDescription)")
            #expect(compiled.render(Self.values) == expected, "\(template.debugDescription)")
        }
        #expect(compiledCount > 300)
    }

    @Test func everyTemplateOfTheDefaultThemeIsCompiled() throws {
        let theme = try Theme(ThemeSource.read(overridesIn: nil), engine: .compiled)
        for template in ThemeTemplate.allCases {
            guard case .compiled = theme.renderer(of: template) else {
                Issue.record("\(template.fileName) is rendered by swift-mustache")
                continue
            }
        }
    }

    /// What `TemplateEngineParityTests` relies on: the environment variable it sets makes
    /// swift-mustache render every template, so the two sites it compares come from two engines.
    @Test func theEnvironmentVariableSelectsSwiftMustacheForEveryTemplate() throws {
        #expect(TemplateEngine(environmentValue: "swift-mustache") == .swiftMustache)
        for value in [nil, "", "compiled", "Swift-Mustache"] {
            #expect(TemplateEngine(environmentValue: value) == .compiled)
        }
        let theme = try Theme(ThemeSource.read(overridesIn: nil), engine: .swiftMustache)
        for template in ThemeTemplate.allCases {
            guard case .mustache = theme.renderer(of: template) else {
                Issue.record("\(template.fileName) is compiled")
                continue
            }
        }
    }
}
