import SplitMix64
import Testing
import WikiModel
import WikiRender

@testable import WikiPages
@testable import WikiSite

/// The link graph and its reverse index, built from outlines alone.
@Suite("Link graph")
struct LinkGraphTests {
    static func title(_ text: String) -> PageTitle { PageTitle(text)! }

    /// An outline linking to `targets` (nil: `[[#Heading]]`), one link a line.
    static func outline(_ targets: [String?], headings: [Heading] = [], words: Int = 0) -> PageOutline {
        PageOutline(
            links: targets.enumerated().map { line, target in
                PageLink(target: target.map(title), fragment: target == nil ? "Top" : nil, line: line + 1)
            },
            headings: headings, wordCount: words)
    }

    /// A small wiki: Home → A, B, Missing; A → B, B, A (itself), Missing, Other Missing; B → (none);
    /// C → #heading only.
    static let graph = LinkGraph(
        titles: ["Home", "B", "C", "A"].map(title),
        outlines: [
            outline(["A", "B", "Missing"]),
            outline([]),
            outline([nil], headings: [Heading(level: 2, text: "Top", id: "top")]),
            outline(["B", "B", "A", "Missing", "Other Missing"]),
        ])

    @Test func pagesAndMissingTitlesAreInByteOrder() {
        #expect(Self.graph.pageTitles.map(\.text) == ["A", "B", "C", "Home"])
        #expect(Self.graph.missingTitles.map(\.text) == ["Missing", "Other Missing"])
    }

    @Test func backlinksComeFromTheReverseIndexOncePerPageAndNeverFromItself() {
        #expect(Self.graph.backlinks(to: Self.title("A")).map(\.text) == ["Home"])
        #expect(Self.graph.backlinks(to: Self.title("B")).map(\.text) == ["A", "Home"])
        #expect(Self.graph.backlinks(to: Self.title("C")).isEmpty)
        #expect(Self.graph.backlinks(to: Self.title("Missing")).map(\.text) == ["A", "Home"])
        #expect(Self.graph.backlinks(to: Self.title("Nobody Links Here")).isEmpty)
    }

    @Test func wantedPagesNameEveryLinkingPage() {
        let wanted = Self.graph.wantedPages
        #expect(wanted.map(\.title.text) == ["Missing", "Other Missing"])
        #expect(wanted.map { $0.linkedFrom.map(\.text) } == [["A", "Home"], ["A"]])
    }

    @Test func orphansAreThePagesNoOtherPageLinksTo() {
        #expect(Self.graph.orphanedPages.map(\.text) == ["C", "Home"])
    }

    @Test func linksAndHeadingsOfAPageAreKeptInDocumentOrder() {
        let links = Self.graph.links(from: Self.title("A"))
        #expect(links.map { $0.target?.text ?? "" } == ["B", "B", "A", "Missing", "Other Missing"])
        #expect(links.map(\.line) == [1, 2, 3, 4, 5])
        #expect(Self.graph.links(from: Self.title("C")) == [PageLink(target: nil, fragment: "Top", line: 1)])
        #expect(Self.graph.headings(of: Self.title("C")).map(\.id) == ["top"])
        #expect(Self.graph.links(from: Self.title("Missing")).isEmpty)
        #expect(Self.graph.contains(Self.title("A")))
        #expect(!Self.graph.contains(Self.title("Missing")))
    }

    @Test func eachLinkKeepsTheNodeItReaches() {
        // Pages A, B, C, Home are 0 to 3; Missing and Other Missing are 4 and 5; -1 is the page itself.
        #expect(Array(Self.graph.linkNodes(ofPageAt: 0)) == [1, 1, -1, 4, 5])
        #expect(Self.graph.linkNodes(ofPageAt: 1).isEmpty)
        #expect(Array(Self.graph.linkNodes(ofPageAt: 2)) == [-1])
        #expect(Array(Self.graph.linkNodes(ofPageAt: 3)) == [0, 1, 4])
    }

    @Test func countsLinksButNotSelfLinks() {
        // Home: 3; A: 4 (its link to itself does not count); C's [[#Top]] does not count.
        #expect(Self.graph.linkCount == 7)
        #expect(Self.graph.missingLinkCount == 3)
    }

    @Test func theOrderThePagesComeInChangesNothing() {
        let shuffled = LinkGraph(
            titles: ["A", "C", "B", "Home"].map(Self.title),
            outlines: [
                Self.outline(["B", "B", "A", "Missing", "Other Missing"]),
                Self.outline([nil], headings: [Heading(level: 2, text: "Top", id: "top")]),
                Self.outline([]),
                Self.outline(["A", "B", "Missing"]),
            ])
        #expect(shuffled.pageTitles == Self.graph.pageTitles)
        #expect(shuffled.missingTitles == Self.graph.missingTitles)
        for title in Self.graph.pageTitles + Self.graph.missingTitles {
            #expect(shuffled.backlinks(to: title) == Self.graph.backlinks(to: title))
            #expect(shuffled.links(from: title) == Self.graph.links(from: title))
        }
        #expect(shuffled.orphanedPages == Self.graph.orphanedPages)
    }

    @Test func titlesAreExactNeverCanonicallyEquivalent() {
        let nfc = "Caf\u{E9}"
        let nfd = "Cafe\u{301}"
        let graph = LinkGraph(
            titles: [Self.title(nfc), Self.title("Lyon")],
            outlines: [Self.outline([]), Self.outline([nfc, nfd])])
        #expect(graph.backlinks(to: Self.title(nfc)).map(\.text) == ["Lyon"])
        #expect(graph.missingTitles.map { Array($0.text.unicodeScalars) } == [Array(nfd.unicodeScalars)])
        #expect(graph.wantedPages.count == 1)
    }

    @Test func anEmptyWikiHasAnEmptyGraph() {
        let graph = LinkGraph(titles: [], outlines: [])
        #expect(graph.pageTitles.isEmpty && graph.missingTitles.isEmpty && graph.wantedPages.isEmpty)
        #expect(graph.orphanedPages.isEmpty)
        #expect(graph.linkCount == 0)
    }

    @Test func aLargeGraphIndexesEveryLinkOnce() {
        // 2,000 pages, each linking to the next three (wrapping) and to one missing title of 10.
        let count = 2_000
        let titles = (0..<count).map { Self.title("Page \($0)") }
        let outlines = (0..<count).map { index in
            Self.outline(
                [1, 2, 3].map { "Page \((index + $0) % count)" } + ["Missing \(index % 10)"])
        }
        let graph = LinkGraph(titles: titles, outlines: outlines)
        #expect(graph.linkCount == count * 4)
        #expect(graph.missingTitles.count == 10)
        for index in [0, 1, 999, 1_999] {
            let expected = [1, 2, 3].map { "Page \((index - $0 + count) % count)" }.sorted {
                $0.precedesInByteOrder($1)
            }
            #expect(graph.backlinks(to: titles[index]).map(\.text) == expected)
        }
        #expect(graph.wantedPages.allSatisfy { $0.linkedFrom.count == count / 10 })
        #expect(graph.orphanedPages.isEmpty)
    }

    /// Embeds are links (backlinks, wanted pages, counts) and have their own reverse index,
    /// followed through pages that embed pages: A embeds B, B embeds C and Missing, D links to
    /// C and embeds itself, E embeds A.
    @Test func embedsAreLinksAndTheirEmbeddersAreFollowed() {
        func embeds(_ targets: [String], links: [String] = []) -> PageOutline {
            PageOutline(
                links: targets.enumerated().map {
                    PageLink(target: Self.title($1), fragment: nil, line: $0 + 1, isEmbed: true)
                }
                    + links.map { PageLink(target: Self.title($0), fragment: nil, line: 99) },
                headings: [], wordCount: 0)
        }
        let graph = LinkGraph(
            titles: ["A", "B", "C", "D", "E"].map(Self.title),
            outlines: [
                embeds(["B"]), embeds(["C", "Missing", "C"]), embeds([]), embeds(["D"], links: ["C"]), embeds(["A"]),
            ])
        #expect(graph.linkCount == 6)
        #expect(graph.backlinks(to: Self.title("C")).map(\.text) == ["B", "D"])
        #expect(graph.wantedPages.map(\.title.text) == ["Missing"])
        #expect(graph.embedders(of: Self.title("C")).map(\.text) == ["A", "B", "E"], "not D, which only links")
        #expect(graph.embedders(of: Self.title("Missing")).map(\.text) == ["A", "B", "E"])
        #expect(graph.embedders(of: Self.title("D")).isEmpty, "a page does not embed itself")
        #expect(graph.embedders(of: Self.title("E")).isEmpty)
        #expect(graph.links(from: Self.title("A")).map(\.isEmbed) == [true])
    }
}

/// A wiki of several thousand pages, whose links are looked up on every core a run of pages at a
/// time, gives the graph that following every link by hand gives.
@Suite("Link graph of a large wiki")
struct LargeLinkGraphTests {
    @Test func theGraphAgreesWithFollowingEveryLink() {
        var random = SplitMix64(seed: 4_242)
        let count = 3_000
        let titles = (0..<count).map { PageTitle("Page \($0)")! }
        var links: [[String?]] = []
        for position in 0..<count {
            links.append(
                (0..<Int(random.next() % 12)).map { _ -> String? in
                    switch random.next() % 10 {
                    case 0: return "Missing \(random.next() % 50)"
                    case 1: return "Page \(position)"
                    case 2: return nil
                    default: return "Page \(random.next() % UInt64(count))"
                    }
                })
        }
        let graph = LinkGraph(titles: titles.reversed(), outlines: links.reversed().map { LinkGraphTests.outline($0) })

        var linkers: [String: Set<String>] = [:]
        var linkCount = 0
        var missingLinkCount = 0
        for (position, targets) in links.enumerated() {
            for case let target? in targets where target != "Page \(position)" {
                linkers[target, default: []].insert("Page \(position)")
                linkCount += 1
                if target.hasPrefix("Missing") { missingLinkCount += 1 }
            }
        }
        #expect(graph.linkCount == linkCount)
        #expect(graph.missingLinkCount == missingLinkCount)
        #expect(graph.missingTitles == linkers.keys.filter { $0.hasPrefix("Missing") }.map { PageTitle($0)! }.sorted())
        for title in titles + graph.missingTitles {
            #expect(graph.backlinks(to: title) == (linkers[title.text] ?? []).map { PageTitle($0)! }.sorted())
        }
        #expect(graph.links(from: titles[7]).map(\.target?.text) == links[7])
    }
}
