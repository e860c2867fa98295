import Testing
import WikiDocuments
import WikiRender

@testable import WikiBuildEngine
@testable import WikiConfiguration
@testable import WikiSite

/// The `lang` key of a wiki's table: read as a language tag, refused with the wiki, the key and
/// the value when it is not one, and part of what shapes a build.
@Suite("Configuration: a wiki's language")
struct ConfigurationLanguageTests {
    @Test func aWikiIsInEnglishUnlessItsTableSaysOtherwise() throws {
        let configuration = try Configuration.parse(
            "[wikis.\"zh\"]\nlang = \"zh-Hans\"\n\n[wikis.\"plain\"]\nsearch = true\n", file: "wikisite.toml")
        #expect(configuration.wikiSettings[ExactString("zh")]?.lang.text == "zh-Hans")
        #expect(configuration.wikiSettings[ExactString("plain")]?.lang == .english)
        #expect(WikiSettings().lang.text == "en")
    }

    @Test func aTagThatIsNotWellFormedIsAnErrorNamingTheWikiTheKeyAndTheValue() {
        do {
            _ = try Configuration.parse("[wikis.\"guide\"]\nlang = \"en_US\"\n", file: "wikisite.toml")
            Issue.record("en_US was taken")
        } catch {
            let message = error.problems.map(\.description).joined()
            #expect(message.contains("wikisite.toml:2"), "\(message)")
            #expect(message.contains("wikis.guide.lang"), "\(message)")
            #expect(message.contains("\"en_US\""), "\(message)")
            #expect(message.contains("language tag"), "\(message)")
        }
    }

    @Test func aWikisLanguageShapesTheBuild() {
        let theme = try? ThemeSource.read(overridesIn: nil)
        var options = BuildOptions(sources: ["dump.json"], outputFolder: "_site")
        options.wikiSettings[ExactString("w")] = WikiSettings()
        let english = theme.map { BuildShape(options: options, theme: $0) }
        options.wikiSettings[ExactString("w")] = WikiSettings(lang: LanguageTag("fr")!)
        let french = theme.map { BuildShape(options: options, theme: $0) }
        #expect(english != nil && english != french)
        #expect(french?.changedThemeFiles(since: english?.settings ?? [:]) == .failure(.configuration))
    }
}
