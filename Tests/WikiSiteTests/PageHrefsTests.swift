import Testing
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The hrefs a build works out once for a wiki's pages are those worked out for each link: by
/// title or by position, from a page, the home, a special file or a file elsewhere, and a page's
/// file shows them for its backlinks.
@Suite struct PageHrefsTests {
    /// Titles that take percent-encoding, normalisation and case marks to name their files.
    static let titles = ["Apple", "apple", "Señor & Café Plan", "Über Straße: Notes", "Zebra?", "42 things"]

    static let database = FeedFixtures.database(
        [FeedFixtures.wiki("w"), FeedFixtures.wiki("other")]
            + titles.map { FeedFixtures.page("w", $0, markdown: "[[Apple]] and [[Zebra?]]") }
            + [FeedFixtures.page("other", "Apple")])

    static let layout = SiteLayout()

    /// Files of every place a link can be written in.
    static let linkingFiles: [SitePath] = [
        layout.page(PageTitle("Apple")!, inWiki: "w"), layout.home(ofWiki: "w"),
        layout.allPages(ofWiki: "w"), SiteLayout.siteIndex, layout.page(PageTitle("Apple")!, inWiki: "other"),
    ]

    @Test func hrefsMadeAtOnceAreThoseWorkedOutForEachLink() {
        let madeAtOnce = PageHrefs(publishedPagesOf: "w", in: Self.database, layout: Self.layout)
        let missing = PageTitle("Nowhere")!
        for file in Self.linkingFiles {
            for title in Self.database.pages(inWiki: "w").map(\.title) + [missing] {
                let expected = file.href(to: Self.layout.page(title, inWiki: "w"))
                #expect(madeAtOnce.href(of: title, inWiki: "w", from: file, in: Self.layout) == expected)
                #expect(PageHrefs().href(of: title, inWiki: "w", from: file, in: Self.layout) == expected)
            }
        }
    }

    @Test func hrefsWorkedOutForManyTitlesAtOnceAreThoseWorkedOutForEachLink() {
        let titles = Self.database.pages(inWiki: "w").map(\.title) + [PageTitle("Nowhere")!]
        for hrefs in [PageHrefs(publishedPagesOf: "w", in: Self.database, layout: Self.layout), PageHrefs()] {
            for file in Self.linkingFiles {
                #expect(
                    hrefs.hrefs(of: titles, inWiki: "w", from: file, in: Self.layout)
                        == titles.map { file.href(to: Self.layout.page($0, inWiki: "w")) })
            }
        }
    }

    @Test func aPositionFindsTheHrefOfItsPageFromEveryFile() {
        let hrefs = PageHrefs(publishedPagesOf: "w", in: Self.database, layout: Self.layout)
        for file in Self.linkingFiles {
            for (position, page) in Self.database.pages(inWiki: "w").enumerated() {
                #expect(
                    hrefs.href(
                        ofPublishedPageAt: position, titled: page.title, inWiki: "w", from: file, in: Self.layout)
                        == file.href(to: Self.layout.page(page.title, inWiki: "w")))
            }
        }
    }

    @Test func aPositionThatIsNotTheTitlesIsIgnored() {
        let hrefs = PageHrefs(publishedPagesOf: "w", in: Self.database, layout: Self.layout)
        let file = Self.layout.home(ofWiki: "w")
        let zebra = PageTitle("Zebra?")!
        let expected = file.href(to: Self.layout.page(zebra, inWiki: "w"))
        for position in [0, 1, 99, -1] {
            #expect(
                hrefs.href(ofPublishedPageAt: position, titled: zebra, inWiki: "w", from: file, in: Self.layout)
                    == expected)
        }
        let otherApple = hrefs.href(
            ofPublishedPageAt: 0, titled: PageTitle("Apple")!, inWiki: "other", from: file, in: Self.layout)
        #expect(otherApple == file.href(to: Self.layout.page(PageTitle("Apple")!, inWiki: "other")))
    }

    @Test func aPageFileLinksItsBacklinksAndTheWikisFilesAsEachFileWouldWorkThemOut() throws {
        let analysis = WikiAnalysis(
            wiki: Self.database.wikis.first { $0.id == "w" }!, in: Self.database,
            markdown: MarkdownRenderer(options: MarkdownOptions()))
        let bodies = PageBodyRenderer(
            database: Self.database, markdown: MarkdownRenderer(options: MarkdownOptions()), siteLayout: Self.layout,
            hrefs: PageHrefs(publishedPagesOf: "w", in: Self.database, layout: Self.layout))
        let renderer = SitePageRenderer(bodies: bodies, theme: try Theme.load(overridesIn: nil))
        let chrome = WikiChrome(analysis, siteLayout: Self.layout, discovery: nil, searchable: true, strings: .english)
        let position = analysis.pages.firstIndex { $0.title == PageTitle("Apple")! }!
        let html = renderer.page(
            at: position, of: analysis, index: AlphabeticalIndex(analysis.graph), chrome: chrome, body: nil)
        let path = Self.layout.page(PageTitle("Apple")!, inWiki: "w")
        for title in Self.titles where title != "Apple" {
            let href = path.href(to: Self.layout.page(PageTitle(title)!, inWiki: "w"))
            #expect(html.contains("<li><a href=\"\(href.replacing("&", with: "&amp;"))\">"), "\(title)")
        }
        for target in [Self.layout.home(ofWiki: "w"), Self.layout.allPages(ofWiki: "w"), SiteLayout.stylesheet] {
            #expect(html.contains("href=\"\(path.href(to: target))\""), "\(target)")
        }
    }
}
