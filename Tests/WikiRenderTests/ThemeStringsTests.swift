import Foundation
import Testing
import WikiModel

@testable import WikiRender

/// The theme's words per language: the lookup down a tag to its primary language, the fallback
/// to English word by word, counts, numbers and dates, and a strings file of `--templates`.
@Suite("Theme strings")
struct ThemeStringsTests {
    static let theme = try! Theme.load(overridesIn: nil)

    static func strings(_ tag: String) throws -> ThemeStrings {
        theme.strings(for: try #require(LanguageTag(tag)))
    }

    @Test func aLanguageHasItsOwnWords() throws {
        #expect(try Self.strings("zh")["what_links_here"] == "链入页面")
        #expect(try Self.strings("fr")["what_links_here"] == "Pages liées")
        #expect(try Self.strings("en")["what_links_here"] == "What links here")
    }

    @Test func aSubtagFallsBackToItsPrimaryLanguage() throws {
        #expect(try Self.strings("zh-Hans")["all_pages"] == "所有页面")
        #expect(try Self.strings("zh-Hans-CN")["all_pages"] == "所有页面")
        #expect(try Self.strings("en-GB")["all_pages"] == "All pages")
        #expect(try #require(LanguageTag("zh-Hans-CN")).lookupChain == ["zh-hans-cn", "zh-hans", "zh"])
    }

    @Test func aWordALanguageLacksShowsInEnglish() throws {
        let french = try Self.strings("fr")
        #expect(!Self.frenchFile.contains("full_stop"), "the French file leaves full_stop to English")
        #expect(french["full_stop"] == ".")
        #expect(try Self.strings("de")["what_links_here"] == "What links here", "a language without a file")
    }

    static let frenchFile = String(decoding: DefaultThemeFile.bytes("strings-fr.toml"), as: UTF8.self)

    @Test func countsFollowTheLanguagesPluralRule() throws {
        let english = try Self.strings("en")
        #expect(english.pageCount(1) == "1 page")
        #expect(english.pageCount(0) == "0 pages")
        #expect(english.pageCount(1012) == "1,012 pages")
        let french = try Self.strings("fr")
        #expect(french.pageCount(0) == "0 page", "French counts zero as one")
        #expect(french.pageCount(1012) == "1 012 pages")
        #expect(try Self.strings("zh").pageCount(1) == "1 个页面", "Chinese has one form")
    }

    @Test func datesAreWrittenInTheLanguagesOrderAndNames() throws {
        let time = try #require(Timestamp("2026-11-26T09:05:00Z"))
        #expect(try Self.strings("en").day(time) == "Thursday 26 November 2026")
        #expect(try Self.strings("zh").day(time) == "2026年11月26日 星期四")
        #expect(try Self.strings("fr").day(time) == "jeudi 26 novembre 2026")
        #expect(try Self.strings("en").dateTime(time) == "2026-11-26 09:05 UTC", "English keeps its form")
        #expect(try Self.strings("zh").dateTime(time) == "2026年11月26日 09:05 UTC")
        #expect(try Self.strings("fr").dateTime(time) == "26 novembre 2026 à 09:05 UTC")
    }

    @Test func aValueIsPutOnceEvenWhenItHoldsAPlaceholder() throws {
        let english = try Self.strings("en")
        #expect(english.phrase("from_to", ["first": "{last}", "last": "Z"]) == "From {last} to Z")
        #expect(
            english.html("redirect_text", ["alias": "<b>", "page": "{alias}"]) == "<b> is another name of {alias}.")
    }

    @Test func aStringsFileOfTheTemplatesFolderReplacesOneWordAndAddsALanguage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("what_links_here = \"Backlinks\"\n".utf8).write(to: folder.appendingPathComponent("strings-en.toml"))
        try Data("all_pages = \"Alle Seiten\"\n".utf8).write(to: folder.appendingPathComponent("strings-de.toml"))
        let source = try ThemeSource.read(overridesIn: folder.path)
        let theme = try Theme(source)
        #expect(source.ignoredFiles.isEmpty, "strings files are files of a theme")
        #expect(theme.strings(for: .english)["what_links_here"] == "Backlinks")
        #expect(theme.strings(for: .english)["all_pages"] == "All pages", "the other words stay")
        let german = theme.strings(for: try #require(LanguageTag("de-AT")))
        #expect(german["all_pages"] == "Alle Seiten")
        #expect(german["what_links_here"] == "Backlinks", "a missing word comes from English, overridden")
    }

    @Test func aStringsFileThatIsNotTOMLOrHoldsANonStringIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("strings-fr.toml")
        try Data("next = 3\n".utf8).write(to: file)
        #expect(throws: ThemeError.self) { try Theme.load(overridesIn: folder.path) }
        do {
            _ = try Theme.load(overridesIn: folder.path)
        } catch {
            #expect("\(error)".contains("strings-fr.toml") && "\(error)".contains("next is not a string"))
        }
        try Data("next = \"oops\n".utf8).write(to: file)
        #expect(throws: ThemeError.self) { try Theme.load(overridesIn: folder.path) }
    }

    @Test(arguments: ["en", "zh-Hans", "fr-CA", "de-CH-1996", "sr-Latn-RS", "x-klingon", "en-US-x-twain", "es-419"])
    func aWellFormedTagIsTaken(_ tag: String) {
        #expect(LanguageTag.problem(with: tag) == nil)
    }

    @Test(arguments: ["", "en_US", "e", "en-", "zh-Hans-Hant", "<script>", "en--us", "toolonglanguage", "a-b"])
    func aTagThatIsNotWellFormedIsRefused(_ tag: String) {
        #expect(LanguageTag(tag) == nil)
    }
}

/// A file of the default theme, as the tests read it.
enum DefaultThemeFile {
    static func bytes(_ name: String) -> [UInt8] {
        (try? ThemeSource.read(overridesIn: nil).files[name]) ?? []
    }
}
