import Testing
import WikiModel

@testable import WikiBuildEngine
@testable import WikiPages
@testable import WikiSite

/// Each rule of what a page change touches, on a wiki small enough to read: every test names
/// the rule it holds, and fails when that rule is taken out of `PageChangeRules.plan`.
@Suite struct PageChangeRulesTests {
    /// A wiki before and after a change, as outlines by title; the change set is every title
    /// whose outline differs (or that came or went).
    struct Sketch: ChangeFacts {
        var before: [PageTitle: PageOutline]
        var now: [PageTitle: PageOutline]
        /// The aliases with a redirect, before and now, each with the page it leads to.
        var aliasesBefore: [PageTitle: PageTitle] = [:]
        var aliasesNow: [PageTitle: PageTitle] = [:]

        /// The outline linking to `links` and embedding `embeds`.
        static func outline(links: [String] = [], embeds: [String] = []) -> PageOutline {
            PageOutline(
                links: links.map { PageLink(target: title($0), fragment: nil, line: 1) }
                    + embeds.map { PageLink(target: title($0), fragment: nil, line: 2, isEmbed: true) },
                headings: [], wordCount: 1)
        }

        static func title(_ text: String) -> PageTitle { PageTitle(text)! }

        /// The changes from `before` to `now`: the pages `changed` names.
        func changes(_ changed: [String]) -> [PageChange] {
            changed.map(Self.title).map { PageChange(title: $0, before: before[$0], now: now[$0]) }
        }

        func plan(_ changed: [String]) throws -> PageChangePlan {
            try PageChangeRules.plan(changes(changed), facts: self)
        }

        private static func linkers(of title: PageTitle, in pages: [PageTitle: PageOutline]) -> Set<PageTitle> {
            Set(pages.filter { $0.value.links.contains { $0.target == title } }.keys)
        }

        func linkersBefore(_ title: PageTitle) -> Set<PageTitle> { Self.linkers(of: title, in: before) }

        func linkersNow(_ title: PageTitle) -> Set<PageTitle> { Self.linkers(of: title, in: now) }

        func outline(ofUnchanged title: PageTitle) -> PageOutline { now[title]! }

        func isPublishedNow(_ title: PageTitle) -> Bool { now[title] != nil }

        func pageReachedBefore(through title: PageTitle) -> PageTitle? { aliasesBefore[title] }

        func pageReachedNow(through title: PageTitle) -> PageTitle? { aliasesNow[title] }

        func aliasesThatLeadElsewhere() -> [PageTitle] {
            Set(aliasesBefore.keys).union(aliasesNow.keys).filter { aliasesBefore[$0] != aliasesNow[$0] }.sorted()
        }
    }

    static func title(_ text: String) -> PageTitle { Sketch.title(text) }

    /// A wiki of `pages` by title, the same before and now.
    static func sketch(_ pages: [String: PageOutline]) -> Sketch {
        let outlines = Dictionary(uniqueKeysWithValues: pages.map { (title($0.key), $0.value) })
        return Sketch(before: outlines, now: outlines)
    }

    @Test func changedPagesAreRenderedOrRemoved() throws {
        var wiki = Self.sketch(["Old": Sketch.outline(), "Kept": Sketch.outline(), "Gone": Sketch.outline()])
        wiki.now[Self.title("Old")] = Sketch.outline(links: ["Elsewhere"])
        wiki.now[Self.title("New")] = Sketch.outline()
        wiki.now[Self.title("Gone")] = nil
        let plan = try wiki.plan(["Old", "New", "Gone"])
        #expect(plan.rendered[Self.title("Old")] == [.edited])
        #expect(plan.rendered[Self.title("New")] == [.created])
        #expect(plan.removed == [Self.title("Gone")])
        #expect(plan.rendered[Self.title("Kept")] == nil)
    }

    @Test func linkersOfATitleThatCameOrWentAreRendered() throws {
        var wiki = Self.sketch([
            "Hopeful": Sketch.outline(links: ["Wanted"]), "Loyal": Sketch.outline(links: ["Doomed"]),
            "Doomed": Sketch.outline(), "Bystander": Sketch.outline(links: ["Loyal"]),
        ])
        wiki.now[Self.title("Wanted")] = Sketch.outline()
        wiki.now[Self.title("Doomed")] = nil
        let plan = try wiki.plan(["Wanted", "Doomed"])
        #expect(plan.rendered[Self.title("Hopeful")] == [.linksTo(Self.title("Wanted"), exists: true)])
        #expect(plan.rendered[Self.title("Loyal")] == [.linksTo(Self.title("Doomed"), exists: false)])
        #expect(plan.rendered[Self.title("Bystander")] == nil)
    }

    @Test func linkersOfAnAliasThatCameOrWentAreRendered() throws {
        var wiki = Self.sketch([
            "Hopeful": Sketch.outline(links: ["Nickname"]), "Loyal": Sketch.outline(links: ["Old name"]),
            "Giver": Sketch.outline(), "Bystander": Sketch.outline(links: ["Giver"]),
        ])
        wiki.aliasesBefore = [Self.title("Old name"): Self.title("Giver")]
        wiki.aliasesNow = [Self.title("Nickname"): Self.title("Giver")]
        wiki.now[Self.title("Giver")] = Sketch.outline(links: ["Elsewhere"])
        let plan = try wiki.plan(["Giver"])
        #expect(plan.rendered[Self.title("Hopeful")] == [.linksTo(Self.title("Nickname"), exists: true)])
        #expect(plan.rendered[Self.title("Loyal")] == [.linksTo(Self.title("Old name"), exists: false)])
        #expect(plan.rendered[Self.title("Bystander")] == nil)
    }

    @Test func aPageThatComesWhereAnAliasWasChangesNoLinksStyle() throws {
        var wiki = Self.sketch(["Linker": Sketch.outline(links: ["Nickname"]), "Giver": Sketch.outline()])
        wiki.aliasesBefore = [Self.title("Nickname"): Self.title("Giver")]
        wiki.now[Self.title("Nickname")] = Sketch.outline()
        let plan = try wiki.plan(["Nickname"])
        #expect(plan.rendered[Self.title("Nickname")] == [.created])
        #expect(plan.rendered[Self.title("Linker")] == nil)
    }

    @Test func embeddersOfAChangedBodyAreRendered() throws {
        var wiki = Self.sketch([
            "Source": Sketch.outline(), "Frame": Sketch.outline(embeds: ["Source"]),
            "Gallery": Sketch.outline(embeds: ["Frame"]), "Reader": Sketch.outline(links: ["Source"]),
        ])
        wiki.now[Self.title("Source")] = Sketch.outline(links: ["Elsewhere"])
        let plan = try wiki.plan(["Source"])
        #expect(plan.rendered[Self.title("Frame")] == [.embeds(Self.title("Source"))])
        #expect(plan.rendered[Self.title("Gallery")] == [.embeds(Self.title("Source"))])
        // A plain link shows the title, not the body: an edit leaves the linking page as it was.
        #expect(plan.rendered[Self.title("Reader")] == nil)
    }

    @Test func pagesThatGainOrLoseALinkerAreRendered() throws {
        var wiki = Self.sketch([
            "Mover": Sketch.outline(links: ["Left"]), "Left": Sketch.outline(), "Right": Sketch.outline(),
        ])
        wiki.now[Self.title("Mover")] = Sketch.outline(links: ["Right", "Nowhere"])
        let plan = try wiki.plan(["Mover"])
        let mover = Self.title("Mover")
        #expect(plan.rendered[Self.title("Right")] == [.backlink(from: mover, links: true)])
        #expect(plan.rendered[Self.title("Left")] == [.backlink(from: mover, links: false)])
        // A missing title has no file to render; its new linker is kept for the wanted pages.
        #expect(plan.rendered[Self.title("Nowhere")] == nil)
        #expect(plan.moves.gained[Self.title("Nowhere")] == [mover])
        #expect(plan.moves.lost[Self.title("Left")] == [mover])
        #expect(plan.moves.linkers(of: Self.title("Right"), before: []) == [mover])
    }

    @Test func aPageAnAliasLeadsToGainsAndLosesTheLinkersOfTheAlias() throws {
        var wiki = Self.sketch([
            "Fan": Sketch.outline(), "Critic": Sketch.outline(links: ["Nickname"]), "Star": Sketch.outline(),
        ])
        wiki.aliasesBefore = [Self.title("Nickname"): Self.title("Star")]
        wiki.aliasesNow = wiki.aliasesBefore
        wiki.now[Self.title("Fan")] = Sketch.outline(links: ["Nickname"])
        wiki.now[Self.title("Critic")] = Sketch.outline()
        let plan = try wiki.plan(["Fan", "Critic"])
        #expect(
            plan.rendered[Self.title("Star")] == [
                .backlink(from: Self.title("Critic"), links: false), .backlink(from: Self.title("Fan"), links: true),
            ])
        #expect(plan.moves.gained[Self.title("Nickname")] == [Self.title("Fan")])
    }

    @Test func pagesAnAliasLeadsToOrLedToAreRendered() throws {
        var wiki = Self.sketch([
            "Linker": Sketch.outline(links: ["Nickname"]), "Old": Sketch.outline(), "New": Sketch.outline(),
            "Unlinked": Sketch.outline(), "Bystander": Sketch.outline(),
        ])
        wiki.aliasesBefore = [Self.title("Nickname"): Self.title("Old"), Self.title("Quiet"): Self.title("Bystander")]
        wiki.aliasesNow = [Self.title("Nickname"): Self.title("New"), Self.title("Quiet"): Self.title("Unlinked")]
        wiki.now[Self.title("Old")] = Sketch.outline(links: ["Elsewhere"])
        let plan = try wiki.plan(["Old"])
        #expect(plan.rendered[Self.title("New")] == [.aliasLinkers(Self.title("Nickname"))])
        // A changed page is rendered for its own change; an alias no page links to moves no backlink.
        #expect(plan.rendered[Self.title("Old")] == [.edited])
        #expect(plan.rendered[Self.title("Unlinked")] == nil)
        #expect(plan.rendered[Self.title("Bystander")] == nil)
        // The link keeps its style: the alias leads to a page before and now.
        #expect(plan.rendered[Self.title("Linker")] == nil)
    }

    @Test func aChangedPageCollectsEveryCauseInTheOrderOfTheRules() throws {
        var wiki = Self.sketch(["Hub": Sketch.outline(links: ["Spoke"]), "Spoke": Sketch.outline()])
        wiki.now[Self.title("Hub")] = Sketch.outline()
        wiki.now[Self.title("Spoke")] = Sketch.outline(links: ["Hub"])
        let plan = try wiki.plan(["Hub", "Spoke"])
        #expect(plan.rendered[Self.title("Hub")] == [.edited, .backlink(from: Self.title("Spoke"), links: true)])
        #expect(
            plan.rendered[Self.title("Spoke")]?.map(\.description) == [
                "page edited", "\"Hub\" no longer links here",
            ])
    }
}
