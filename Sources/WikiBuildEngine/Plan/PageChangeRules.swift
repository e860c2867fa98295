import WikiDocuments
import WikiModel
import WikiPages

/// A page of a change set: its outline before the changes and now, nil when it was not, or is
/// no longer, published.
package struct PageChange: Sendable {
    let title: PageTitle
    let before: PageOutline?
    let now: PageOutline?
    /// Whether the page's document is as it was, and only where its links lead changed.
    var isRelinked = false

    /// Whether the page appeared (created, published again).
    var isCreated: Bool { before == nil && now != nil }
    /// Whether the page went (deleted, unpublished).
    var isRemoved: Bool { before != nil && now == nil }

    /// The pages it links to or embeds at `outline`, itself left out, each once.
    static func targets(of title: PageTitle, at outline: PageOutline?) -> Set<PageTitle> {
        var targets = Set(outline?.links.compactMap(\.target) ?? [])
        targets.remove(title)
        return targets
    }
}

/// What the change rules read of a wiki: the same facts whether they come from the build
/// state's indexed rows (a few changes) or from a fresh analysis of the wiki (`WikiAnalysis`).
/// Facts about pages the change set holds never come from here: the change set has them.
package protocol ChangeFacts {
    /// The published pages that linked to or embedded `title` before the changes.
    func linkersBefore(_ title: PageTitle) throws -> Set<PageTitle>
    /// The published pages that link to or embed `title` now. What it says of a page the
    /// change set holds does not count: the rules leave those out, and read the change set.
    func linkersNow(_ title: PageTitle) throws -> Set<PageTitle>
    /// The outline of `title`, a published page that the changes leave as it was.
    func outline(ofUnchanged title: PageTitle) throws -> PageOutline
    /// Whether the page `title` is published now.
    func isPublishedNow(_ title: PageTitle) -> Bool
    /// The page the alias `title` led to through its redirect before the changes
    /// (`WikiAliases`); nil when it had none.
    func pageReachedBefore(through title: PageTitle) throws -> PageTitle?
    /// The page the alias `title` leads to through its redirect now; nil when it has none.
    func pageReachedNow(through title: PageTitle) throws -> PageTitle?
    /// The aliases whose redirect leads to another page than before the changes, or came or
    /// went, in byte order.
    func aliasesThatLeadElsewhere() throws -> [PageTitle]
}

/// The links a change set adds to and takes from each target: the linkers each page gains and
/// loses.
package struct LinkMoves: Sendable {
    var gained: [PageTitle: Set<PageTitle>] = [:]
    var lost: [PageTitle: Set<PageTitle>] = [:]

    /// The targets that gain or lose a linker.
    var touched: Set<PageTitle> { Set(gained.keys).union(lost.keys) }

    /// The pages linking to `title` now, given those that did before the changes, itself left out.
    func linkers(of title: PageTitle, before: Set<PageTitle>) -> Set<PageTitle> {
        var now = before.subtracting(lost[title] ?? []).union(gained[title] ?? [])
        now.remove(title)
        return now
    }
}

/// The pages of one wiki a change set touches, each with its causes in the order the rules
/// found them: what `PageChangeRules` decides.
package struct PageChangePlan: Sendable {
    /// The pages rendered, the changed ones among them.
    var rendered: [PageTitle: [ChangeCause]] = [:]
    /// The pages whose files are removed.
    var removed: Set<PageTitle> = []
    /// The linkers each target gains and loses.
    var moves = LinkMoves()

    /// Renders `title` because of `cause`.
    mutating func render(_ title: PageTitle, because cause: ChangeCause) {
        rendered[title, default: []].append(cause)
    }
}

/// The rules of what a change of pages touches in its wiki, written once: a full build, the
/// wiki-wide path and the fast path all plan with them, each reading its facts from its own
/// backing (`ChangeFacts`). Each rule is a function of its own, named for what it says.
package enum PageChangeRules {
    /// The plan for `changes` (one entry a title), reading `facts`.
    static func plan(_ changes: [PageChange], facts: any ChangeFacts) throws -> PageChangePlan {
        var plan = PageChangePlan()
        let changed = Set(changes.map(\.title))
        changedPagesAreRenderedOrRemoved(changes, into: &plan)
        let restyled = try linkersOfATitleThatCameOrWentAreRendered(
            changes, changed: changed, facts: facts, into: &plan)
        try embeddersOfAChangedBodyAreRendered(
            changed.union(restyled), changed: changed, facts: facts, into: &plan)
        try pagesThatGainOrLoseALinkerAreRendered(changes, facts: facts, into: &plan)
        try pagesAnAliasLeadsToOrLedToAreRendered(changed: changed, facts: facts, into: &plan)
        return plan
    }

    /// A page created or edited, or whose links lead to other pages, is rendered; one that went
    /// is removed.
    static func changedPagesAreRenderedOrRemoved(_ changes: [PageChange], into plan: inout PageChangePlan) {
        for change in changes {
            if change.now == nil {
                plan.removed.insert(change.title)
            } else {
                let cause: ChangeCause =
                    change.before == nil ? .created : change.isRelinked ? .linksLeadElsewhere : .edited
                plan.render(change.title, because: cause)
            }
        }
    }

    /// A page linking to a title that came or went shows that link in another style: rendered.
    /// A title is there when a page has it or an alias redirects to a page (`WikiAliases`): a
    /// page that came where an alias was, or went where one stays, changes no link's style.
    /// Returns those pages, the changed ones left out.
    static func linkersOfATitleThatCameOrWentAreRendered(
        _ changes: [PageChange], changed: Set<PageTitle>, facts: any ChangeFacts, into plan: inout PageChangePlan
    ) throws -> Set<PageTitle> {
        var restyled = Set<PageTitle>()
        var pages: [PageTitle: PageChange] = [:]
        for change in changes { pages[change.title] = change }
        let candidates = Set(changes.filter { $0.isCreated || $0.isRemoved }.map(\.title))
            .union(try facts.aliasesThatLeadElsewhere())
        for title in candidates.sorted() {
            let page = pages[title]
            let pageBefore = page.map { $0.before != nil } ?? facts.isPublishedNow(title)
            let pageNow = page.map { $0.now != nil } ?? facts.isPublishedNow(title)
            let existed = try pageBefore || facts.pageReachedBefore(through: title) != nil
            let exists = try pageNow || facts.pageReachedNow(through: title) != nil
            guard existed != exists else { continue }
            let cause = ChangeCause.linksTo(title, exists: exists)
            // Those that linked before and are not changed still do, and are still published. The
            // change set is filtered out page by page: subtracting it whole costs its size a title.
            let linkers = try facts.linkersBefore(title).union(facts.linkersNow(title)).filter {
                $0 != title && !changed.contains($0)
            }
            for linker in linkers.sorted() {
                plan.render(linker, because: cause)
                restyled.insert(linker)
            }
        }
        return restyled
    }

    /// A page that embeds one whose body changed (`shown`: the changed pages and those rendered
    /// in another style), directly or through the pages it embeds, shows that body: rendered.
    static func embeddersOfAChangedBodyAreRendered(
        _ shown: Set<PageTitle>, changed: Set<PageTitle>, facts: any ChangeFacts, into plan: inout PageChangePlan
    ) throws {
        var reached = shown
        var pending = shown.sorted().reversed().map { ($0, $0) }
        while let (title, origin) = pending.popLast() {
            for embedder in try facts.linkersNow(title).sorted() where embedder != title && !changed.contains(embedder)
            {
                guard
                    try facts.outline(ofUnchanged: embedder).links.contains(where: {
                        $0.isEmbed && $0.target == title
                    })
                else { continue }
                guard reached.insert(embedder).inserted else { continue }
                plan.render(embedder, because: .embeds(origin))
                pending.append((embedder, origin))
            }
        }
    }

    /// A published page that a changed page now links to, or no longer does, by its title or
    /// through an alias that leads or led to it, lists its backlinks anew: rendered. The moves
    /// of links, by the titles linked to, are kept in the plan.
    static func pagesThatGainOrLoseALinkerAreRendered(
        _ changes: [PageChange], facts: any ChangeFacts, into plan: inout PageChangePlan
    ) throws {
        for change in changes.sorted(by: { $0.title < $1.title }) {
            let title = change.title
            let before = PageChange.targets(of: title, at: change.before)
            let now = PageChange.targets(of: title, at: change.now)
            for target in now.subtracting(before).sorted() {
                plan.moves.gained[target, default: []].insert(title)
                for page in try pages(reachedBy: target, facts: facts) where page != title {
                    plan.render(page, because: .backlink(from: title, links: true))
                }
            }
            for target in before.subtracting(now).sorted() {
                plan.moves.lost[target, default: []].insert(title)
                for page in try pages(reachedBy: target, facts: facts) where page != title {
                    plan.render(page, because: .backlink(from: title, links: false))
                }
            }
        }
    }

    /// A published page that an alias leads to now and did not before, or led to and no longer
    /// does, gains or loses the pages linking to the alias as backlinks: rendered, when there are
    /// such pages and it did not change itself.
    static func pagesAnAliasLeadsToOrLedToAreRendered(
        changed: Set<PageTitle>, facts: any ChangeFacts, into plan: inout PageChangePlan
    ) throws {
        for alias in try facts.aliasesThatLeadElsewhere() {
            guard !(try facts.linkersBefore(alias).union(facts.linkersNow(alias)).isEmpty) else { continue }
            let before = try facts.pageReachedBefore(through: alias)
            let now = try facts.pageReachedNow(through: alias)
            for page in [before, now].compactMap(\.self)
            where facts.isPublishedNow(page) && !changed.contains(page) {
                plan.render(page, because: .aliasLinkers(alias))
            }
        }
    }

    /// The published pages a link to `target` lists among their backlinks: the page of that
    /// title, and the pages the alias `target` leads to through its redirect, before the changes
    /// and now.
    static func pages(reachedBy target: PageTitle, facts: any ChangeFacts) throws -> [PageTitle] {
        let reached = [target, try facts.pageReachedBefore(through: target), try facts.pageReachedNow(through: target)]
        return Set(reached.compactMap(\.self)).filter(facts.isPublishedNow).sorted()
    }
}
