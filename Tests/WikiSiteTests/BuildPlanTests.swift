import Testing
import WikiModel
import WikiRender

@testable import WikiBuildEngine
@testable import WikiSite

/// The plan of a build is a value: each file kind with its cause, asserted here by rule.
@Suite struct BuildPlanTests {
    static let wikis = FeedFixtures.database([
        FeedFixtures.wiki("a", title: "A"), FeedFixtures.wiki("b", title: "B"),
    ]).wikis

    @Test func aFullBuildRendersEveryFileOfEveryWikiForItsReason() {
        let plan = BuildPlan.full(.requested, wikis: Self.wikis)
        #expect(plan.stylesheet == .fullBuild(.requested))
        #expect(plan.siteIndex == .fullBuild(.requested))
        for wiki in Self.wikis {
            let wikiPlan = plan.plan(ofWiki: wiki.id)
            #expect(wikiPlan.everyPage == .fullBuild(.requested))
            #expect(wikiPlan.specialPages == .fullBuild(.requested))
            #expect(wikiPlan.home == .fullBuild(.requested))
        }
    }

    @Test func eachThemeFileRendersTheFilesItShapes() {
        var plan = BuildPlan(fullBuild: nil)
        plan.applyThemeChanges([ThemeTemplate.page.fileName], wikis: Self.wikis)
        #expect(plan.plan(ofWiki: "a").everyPage == .themeFileChanged("page.mustache"))
        #expect(plan.plan(ofWiki: "b").home == nil)
        #expect(plan.stylesheet == nil)

        plan = BuildPlan(fullBuild: nil)
        plan.applyThemeChanges(
            [ThemeTemplate.wikiHome.fileName, ThemeTemplate.stylesheetFileName, ThemeTemplate.allPages.fileName],
            wikis: Self.wikis)
        #expect(plan.plan(ofWiki: "b").home == .themeFileChanged("home.mustache"))
        #expect(plan.plan(ofWiki: "b").specialPages == .themeFileChanged("all-pages.mustache"))
        #expect(plan.plan(ofWiki: "b").everyPage == nil)
        #expect(plan.stylesheet == .themeFileChanged("style.css"))
        #expect(plan.siteIndex == nil)
    }

    @Test func aSearchScriptChangedRewritesThatScriptAlone() {
        var plan = BuildPlan(fullBuild: nil)
        plan.applyThemeChanges(["search-rank.js"], wikis: Self.wikis)
        #expect(plan.searchScripts == ["search-rank.js": .themeFileChanged("search-rank.js")])
        #expect(plan.plan(ofWiki: "a").specialPages == nil)
        #expect(plan.stylesheet == nil)
        let full = BuildPlan.full(.requested, wikis: Self.wikis)
        #expect(full.searchScripts.keys.sorted() == ThemeTemplate.searchScriptFileNames.sorted())
    }

    @Test func thePlanOfAPageJoinsItsCausesAsExplainSaysThem() {
        var plan = WikiPlan()
        var pages = PageChangePlan()
        let title = PageTitle("Hub")!
        pages.render(title, because: .edited)
        pages.render(title, because: .backlink(from: PageTitle("Spoke")!, links: true))
        pages.removed = [PageTitle("Gone")!]
        plan.add(pages)
        #expect(plan.cause(ofPage: title) == "page edited; \"Spoke\" now links here")
        #expect(plan.removedPages[PageTitle("Gone")!] == .removed)
        #expect(plan.cause(ofPage: PageTitle("Elsewhere")!) == nil)
        #expect(WikiPlan.everything(.wikiRetitled).cause(ofPage: PageTitle("Elsewhere")!) == "the wiki's title changed")
    }

    @Test func redirectsAreWrittenWhenNewOrRetargetedAndRemovedWhenTheirAliasIsGone() {
        let database = FeedFixtures.database([
            FeedFixtures.wiki("a", title: "A"),
            FeedFixtures.page("a", "Kept", markdown: "---\naliases: [same, moved]\n---\n"),
            FeedFixtures.page("a", "Other", markdown: "---\naliases: [fresh]\n---\n"),
        ])
        let title = { (text: String) in PageTitle(text)! }
        var plan = WikiPlan()
        plan.planRedirects(
            before: [title("same"): title("Kept"), title("moved"): title("Other"), title("gone"): title("Kept")],
            now: database.aliases(inWiki: "a"))
        #expect(plan.redirects == [title("moved"): .aliasOf(title("Kept")), title("fresh"): .aliasOf(title("Other"))])
        #expect(plan.removedRedirects == [title("gone"): .aliasGone])
        #expect(plan.cause(ofRedirect: title("fresh")) == "an alias of \"Other\"")
        #expect(plan.cause(ofRedirect: title("same")) == nil)
        #expect(!plan.isEmpty)
        #expect(WikiPlan.everything(.newWiki).cause(ofRedirect: title("same")) == "new wiki")
    }
}
