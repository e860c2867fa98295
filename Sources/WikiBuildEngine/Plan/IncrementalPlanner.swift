import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// Decides, wiki by wiki, what a build renders: everything (a full build), or what changed since
/// the build the state describes and what that touches. Works out each wiki's analysis on the way,
/// reusing the outlines the state keeps for the pages that did not change, so an incremental build
/// parses only the Markdown of changed pages.
///
/// Wiki-wide, it still reads every page of the database (to fingerprint it) and, when a page of
/// the wiki changed, loads the stored outlines of the wiki to rebuild its link graph: cheap passes
/// without Markdown, proportional to the wiki; rendering and writing are proportional to the
/// change. A wiki none of whose documents changed is not analysed at all.
package struct IncrementalPlanner {
    package let state: BuildState
    package let database: WikiDatabase
    let options: BuildOptions
    /// Why the build is a full one; nil for an incremental build.
    package let fullBuild: FullBuildReason?

    /// The wikis the state remembers, by ID (empty for a full build).
    let storedWikis: [ExactString: BuildState.StoredWiki]

    /// What changed in a wiki the state knows since the build it describes.
    package struct WikiChanges {
        /// The wiki as the state remembers it.
        let stored: BuildState.StoredWiki
        /// Its pages that were created, edited or removed.
        let pages: PageChanges
        /// Whether its own document changed (its title, its description, a conflict).
        let wikiChanged: Bool
    }

    /// A planner for a build of `database`: a full one when `fullBuild` says why.
    package init(state: BuildState, database: WikiDatabase, options: BuildOptions, fullBuild: FullBuildReason?) throws {
        self.state = state
        self.database = database
        self.options = options
        self.fullBuild = fullBuild
        storedWikis = fullBuild == nil ? try state.wikis() : [:]
    }

    /// What changed in `wiki` since the state's build, found by comparing every page's
    /// fingerprint with the state's; nil in a full build, or for a wiki the state does not know.
    package func changes(of wiki: Wiki) throws -> WikiChanges? {
        guard fullBuild == nil, let stored = storedWikis[ExactString(wiki.id)] else { return nil }
        return WikiChanges(
            stored: stored,
            pages: PageChanges(old: try state.pageFingerprints(inWiki: wiki.id), new: fingerprints(of: wiki)),
            wikiChanged: stored.fingerprint != database.fingerprint(of: wiki))
    }

    /// Why a build of `changes` (of the wikis, each `changes(of:)`'s) is better made in full:
    /// more documents changed than `ChangeSetLimits.incrementalBuild(amongPages:)` allows among
    /// the pages the state's build published; nil when an incremental build costs less.
    package func reasonToBuildInFull(_ changes: [WikiChanges?]) -> FullBuildReason? {
        let pageCount = storedWikis.values.reduce(0) { $0 + ($1.pageCount ?? 0) }
        let changed = changes.reduce(0) { count, wiki in
            count + (wiki.map { $0.pages.count + ($0.wikiChanged ? 1 : 0) } ?? 0)
        }
        let limit = ChangeSetLimits.incrementalBuild(amongPages: pageCount)
        return changed > limit ? .manyChanges(changed: changed, limit: limit) : nil
    }

    /// The plan for the site: the wikis removed since the state's build, the site-wide files.
    /// The plan of each wiki comes from `plan(_:with:keeping:reporter:)`.
    package func sitePlan(wikis: [Wiki], themeChanges: [String]) -> BuildPlan {
        if let fullBuild { return .full(fullBuild, wikis: wikis) }
        var plan = BuildPlan(fullBuild: nil)
        let published = Set(wikis.map { ExactString($0.id) })
        for (id, wiki) in storedWikis where !published.contains(id) {
            plan.removedWikis.append((wiki.id, .wikiRemoved))
        }
        plan.removedWikis.sort { ExactString($0.id) < ExactString($1.id) }
        plan.applyThemeChanges(themeChanges, wikis: wikis)
        return plan
    }

    /// The analysis of `wiki` and what of it to render, added to `plan` (which holds what the
    /// theme's changes already ask for), and the number of documents of it that changed, given
    /// its `changes` (`changes(of:)`; nil: everything is rendered). No analysis when nothing of
    /// the wiki changed and `plan` renders nothing of it: there is nothing to write, and the
    /// outlines are not even loaded.
    package func plan(
        _ wiki: Wiki, changes wikiChanges: WikiChanges?, with renderer: PageBodyRenderer, into plan: inout WikiPlan,
        keeping bodies: RenderedBodies, reporter: any BuildReporter
    ) throws -> (analysis: WikiAnalysis?, changedDocuments: Int) {
        guard let wikiChanges else {
            if fullBuild == nil { plan = .everything(.newWiki) }
            let analysis = WikiAnalysis.analyse(wiki, with: renderer, keeping: bodies, reporter: reporter)
            return (analysis, 1 + analysis.pages.count)
        }
        let (stored, changes, wikiChanged) = (wikiChanges.stored, wikiChanges.pages, wikiChanges.wikiChanged)
        if changes.count == 0, !wikiChanged, plan.isEmpty { return (nil, 0) }
        var reusable = ReusableOutlines()
        // The outlines the state keeps, read in bulk: those of unchanged pages are reused, those
        // of changed pages are what the change rules compare the new ones with.
        var outlinesBefore: [PageTitle: PageOutline] = [:]
        // A page that came or went can change where other pages' links lead: with Obsidian's
        // matching, which note a short link names; with CamelCase links, which words link (in
        // the pages the state's index of the words finds, outlined again).
        let relinks = options.linkMatching(forWiki: wiki.id) == .obsidian && changes.changesExistence
        var mentioning: [PageTitle] = []
        if relinks {
            for (title, outline) in try state.outlines(inWiki: wiki.id) { outlinesBefore[title] = outline }
        } else {
            if options.settings(forWiki: wiki.id).camelCaseLinks {
                mentioning = try camelCaseMentions(in: wiki, changes: changes)
            }
            let storedOutlines = try state.outlines(inWiki: wiki.id)
            reusable = ReusableOutlines(stored: storedOutlines, leavingOut: Set(changes.edited + mentioning).sorted())
            let changed = Set(changes.edited + changes.removed + mentioning)
            for (title, outline) in storedOutlines where changed.contains(title) { outlinesBefore[title] = outline }
        }
        let analysis = WikiAnalysis.analyse(
            wiki, with: renderer, reusing: reusable, keeping: bodies, reporter: reporter)
        let relinked =
            relinks || !mentioning.isEmpty
            ? Self.pagesRelinked(in: analysis, before: outlinesBefore, changes: changes) : []
        if !stored.title.isExactly(wiki.title) {
            plan = .everything(.wikiRetitled)
        } else if wikiChanged {
            plan.home = plan.home ?? .wikiDocumentChanged
            plan.renderSpecialPagesThatChanged(because: .wikiDocumentChanged)
        }
        try WikiChangePlanner(
            state: state, analysis: analysis, outlinesBefore: outlinesBefore,
            redirectsBefore: try state.aliases(inWiki: wiki.id).redirects
        ).plan(changes, relinked: relinked, into: &plan)
        return (analysis, changes.count + (wikiChanged ? 1 : 0))
    }

    /// The pages of `wiki` that `changes` leave as they were but whose CamelCase words may link
    /// or unlink: those the state's index of the words lists as mentioning a title that reaches a
    /// page now and did not, or the reverse (a page created or removed, an alias whose redirect
    /// came or went), in byte order.
    private func camelCaseMentions(in wiki: Wiki, changes: PageChanges) throws -> [PageTitle] {
        let redirectsBefore = Set(try state.aliases(inWiki: wiki.id).redirects.keys)
        let redirectsNow = Set(database.aliases(inWiki: wiki.id).redirects.map(\.alias))
        let comeOrGone = redirectsBefore.symmetricDifference(redirectsNow).union(changes.created + changes.removed)
        var mentioning = Set<PageTitle>()
        for title in comeOrGone { mentioning.formUnion(try state.pages(mentioning: title, inWiki: wiki.id)) }
        mentioning.subtract(changes.created + changes.edited + changes.removed)
        return mentioning.sorted()
    }

    /// The pages of `analysis` that did not change but whose links lead to other pages than
    /// their outlines `before` say: a short link now names another note.
    private static func pagesRelinked(
        in analysis: WikiAnalysis, before: [PageTitle: PageOutline], changes: PageChanges
    ) -> [PageTitle] {
        let changed = Set(changes.created + changes.edited)
        return analysis.pages.map(\.title).filter { title in
            guard !changed.contains(title), let old = before[title], let new = analysis.graph.outline(of: title) else {
                return false
            }
            return !old.links.map(\.target).elementsEqual(new.links.map(\.target))
        }
    }

    /// What the state records of `wiki` once its files are in place: the wiki, its statistics,
    /// the pages it removed, and every page whose fingerprint changed or that was rendered (its outline may
    /// have changed with the pages it links to).
    package func record(_ wiki: Wiki, analysis: WikiAnalysis, plan: WikiPlan, into update: inout StateUpdate) {
        update.wikis.append(
            BuildState.StoredWiki(
                id: wiki.id, title: wiki.title, fingerprint: database.fingerprint(of: wiki),
                pageCount: analysis.pages.count,
                skippedPages: database.skipped.count { $0.documentID.utf8.starts(with: (wiki.id + ":").utf8) }))
        update.statistics.append((wiki.id, analysis.statistics))
        update.aliases.append((wiki.id, BuildState.StoredAliases(analysis.aliases, pages: analysis.pages)))
        update.tags.append(
            (
                wiki.id,
                analysis.pages.indices.compactMap { position in
                    let tags = WikiTags.memberships(of: analysis.graph.outline(at: position))
                    return tags.isEmpty ? nil : (analysis.pages[position].title, tags)
                }
            ))
        update.removedPages += plan.removedPages.keys.sorted().map { (wiki.id, $0) }
        // Room for them all at once: grown by doubling, the array of 100,000 records keeps up to
        // twice their size, and while it grows the old buffer beside the new one.
        update.pages.reserveCapacity(
            update.pages.count + (plan.everyPage != nil ? analysis.pages.count : plan.pages.count))
        for (position, page) in analysis.pages.enumerated() where plan.cause(ofPage: page.title) != nil {
            update.pages.append(
                StateUpdate.PageRecord(
                    wikiID: wiki.id, title: page.title,
                    fingerprint: database.fingerprint(of: page),
                    outline: analysis.graph.outline(at: position), details: page))
        }
    }

    /// The fingerprint of every page of `wiki`, in byte order of the titles, worked out on every
    /// core.
    private func fingerprints(of wiki: Wiki) -> [(title: PageTitle, fingerprint: Int64)] {
        let pages = database.pages(inWiki: wiki.id)
        let database = self.database
        return Concurrently.map(pages.count) { position in
            let page = pages[position]
            return (page.title, database.fingerprint(of: page))
        }
    }
}
