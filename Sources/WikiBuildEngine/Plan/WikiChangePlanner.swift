import WikiDocuments
import WikiModel
import WikiPages

/// The pages of one wiki that changed since the build the state describes, found by comparing
/// each published page's fingerprint with the one the state keeps (a dump has no sequence, and a
/// source with one delivers the same documents: both end here).
package struct PageChanges: Sendable {
    /// Pages published now that were not (new, undeleted, no longer drafts, renamed to).
    var created: [PageTitle] = []
    /// Pages published before and now whose fingerprint changed.
    var edited: [PageTitle] = []
    /// Pages published before that are not now (deleted, drafts again, renamed from).
    var removed: [PageTitle] = []

    /// The changes from the fingerprints `old` to `new`, each a list of titles with their
    /// fingerprints in byte order of the titles (one entry a title); each list of changes in byte
    /// order.
    init(old: [(title: PageTitle, fingerprint: Int64)], new: [(title: PageTitle, fingerprint: Int64)]) {
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if newIndex == new.count || (oldIndex < old.count && old[oldIndex].title < new[newIndex].title) {
                removed.append(old[oldIndex].title)
                oldIndex += 1
            } else if oldIndex == old.count || new[newIndex].title < old[oldIndex].title {
                created.append(new[newIndex].title)
                newIndex += 1
            } else {
                if old[oldIndex].fingerprint != new[newIndex].fingerprint { edited.append(new[newIndex].title) }
                oldIndex += 1
                newIndex += 1
            }
        }
    }

    /// How many pages changed.
    var count: Int { created.count + edited.count + removed.count }

    /// Whether a page appeared or vanished: links to it change style.
    var changesExistence: Bool { !created.isEmpty || !removed.isEmpty }
}

/// Works out the files of one wiki a set of page changes touches, by the change rules
/// (`PageChangeRules`), reading the wiki as it is now from its fresh analysis and as it was from
/// the state: the pages the rules name; the special pages and the home, which list pages and
/// count them.
package struct WikiChangePlanner {
    let state: BuildState
    /// The wiki as it is now.
    let analysis: WikiAnalysis
    /// The outlines of changed pages as the state keeps them, when they were read in bulk; any
    /// other is read from its row.
    let outlinesBefore: [PageTitle: PageOutline]
    /// The redirects of the aliases as the state keeps them, by alias.
    let redirectsBefore: [PageTitle: PageTitle]

    /// The plan for `changes` and for the pages `relinked` (unchanged, their links now leading
    /// to other pages), added to `plan`.
    func plan(_ changes: PageChanges, relinked: [PageTitle] = [], into plan: inout WikiPlan) throws {
        let wikiID = analysis.wiki.id
        let graph = analysis.graph
        var pageChanges: [PageChange] = []
        for title in changes.created {
            pageChanges.append(PageChange(title: title, before: nil, now: graph.outline(of: title)))
        }
        for title in changes.edited {
            pageChanges.append(
                PageChange(title: title, before: try storedOutline(of: title), now: graph.outline(of: title)))
        }
        for title in changes.removed {
            pageChanges.append(PageChange(title: title, before: try storedOutline(of: title), now: nil))
        }
        for title in relinked {
            pageChanges.append(
                PageChange(
                    title: title, before: try storedOutline(of: title), now: graph.outline(of: title),
                    isRelinked: true))
        }
        let facts = AnalysisFacts(
            state: state, wikiID: wikiID, graph: graph, aliases: analysis.aliases, redirectsBefore: redirectsBefore)
        plan.add(try PageChangeRules.plan(pageChanges, facts: facts))
        plan.planRedirects(before: redirectsBefore, now: analysis.aliases)
        if changes.count > 0 {
            let cause = ChangeCause.pagesChanged(changes.count)
            plan.renderSpecialPagesThatChanged(because: cause)
            plan.home = plan.home ?? cause
            plan.search = plan.search ?? cause
        }
    }

    /// The outline of the published page `title` as the state keeps it; an empty one when it
    /// does not decode (its links before are then unknown, as if it had none).
    private func storedOutline(of title: PageTitle) throws -> PageOutline {
        if let known = outlinesBefore[title] { return known }
        return try state.storedPage(title, inWiki: analysis.wiki.id)?.outline
            ?? PageOutline(links: [], headings: [], wordCount: 0)
    }
}

/// The facts the change rules read, from a fresh analysis of the wiki (`LinkGraph`) for what it
/// is now, and from the state's reverse index of links for what it was.
package struct AnalysisFacts: ChangeFacts {
    let state: BuildState
    let wikiID: String
    let graph: LinkGraph
    /// The aliases now, from the analysis.
    let aliases: WikiAliases
    /// The redirects the state keeps, by alias.
    let redirectsBefore: [PageTitle: PageTitle]

    package func linkersBefore(_ title: PageTitle) throws -> Set<PageTitle> {
        try state.linkers(of: title, inWiki: wikiID)
    }

    package func linkersNow(_ title: PageTitle) throws -> Set<PageTitle> {
        Set(graph.backlinks(to: title))
    }

    package func outline(ofUnchanged title: PageTitle) throws -> PageOutline {
        graph.outline(of: title) ?? PageOutline(links: [], headings: [], wordCount: 0)
    }

    package func isPublishedNow(_ title: PageTitle) -> Bool {
        graph.contains(title)
    }

    package func pageReachedBefore(through title: PageTitle) -> PageTitle? {
        redirectsBefore[title]
    }

    package func pageReachedNow(through title: PageTitle) -> PageTitle? {
        aliases.page(reachedThrough: title)
    }

    package func aliasesThatLeadElsewhere() -> [PageTitle] {
        let now = Set(aliases.redirects.map(\.alias))
        return now.union(redirectsBefore.keys).filter { redirectsBefore[$0] != aliases.page(reachedThrough: $0) }
            .sorted()
    }
}
