import WikiDocuments
import WikiModel

/// The pages of one wiki that changed since the build the state describes, found by comparing
/// each published page's fingerprint with the one the state keeps (a dump has no sequence, and a
/// source with one delivers the same documents: both end here).
struct PageChanges: Sendable {
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

/// Works out the files of one wiki a set of page changes touches, each with its cause: the
/// changed pages; the pages whose links to a page that appeared or vanished change style (its
/// linkers before, from the state's reverse index, and now, from the new graph); the pages that
/// embed, directly or not, a page whose body changed (its own text, or the style of its links),
/// since they show that body; the pages whose backlinks gain or lose a changed page (its link
/// targets before, from the state, and now); the special pages and the home, which list pages and
/// count them.
struct WikiChangePlanner {
    let state: BuildState
    /// The wiki as it is now.
    let analysis: WikiAnalysis

    /// The plan for `changes`, added to `plan`.
    func plan(_ changes: PageChanges, into plan: inout WikiPlan) throws {
        let wikiID = analysis.wiki.id
        let graph = analysis.graph
        for title in changes.created { plan.render(title, because: ChangeCause.created) }
        for title in changes.edited { plan.render(title, because: ChangeCause.edited) }
        for title in changes.removed { plan.removedPages[title] = ChangeCause.removed }

        var bodyChanged = Set(changes.created + changes.edited + changes.removed)
        for title in changes.created + changes.removed {
            let cause = ChangeCause.linksTo(title, exists: graph.contains(title))
            let linkers = try state.linkers(of: title, inWiki: wikiID).union(graph.backlinks(to: title))
            for linker in linkers.sorted() where linker != title && graph.contains(linker) {
                plan.render(linker, because: cause)
                bodyChanged.insert(linker)
            }
        }
        for title in bodyChanged.sorted() {
            let cause = ChangeCause.embeds(title)
            for embedder in graph.embedders(of: title) where !bodyChanged.contains(embedder) {
                plan.render(embedder, because: cause)
            }
        }
        for title in changes.created + changes.edited + changes.removed {
            let before = try state.targets(of: title, inWiki: wikiID)
            let now = Set(graph.links(from: title).compactMap(\.target))
            for target in now.subtracting(before).sorted() where target != title && graph.contains(target) {
                plan.render(target, because: ChangeCause.backlink(from: title, links: true))
            }
            for target in before.subtracting(now).sorted() where target != title && graph.contains(target) {
                plan.render(target, because: ChangeCause.backlink(from: title, links: false))
            }
        }
        if changes.count > 0 {
            let cause = ChangeCause.pagesChanged(changes.count)
            plan.renderSpecialPagesThatChanged(because: cause)
            plan.home = plan.home ?? cause
        }
    }
}
