import WikiDocuments
import WikiModel
import WikiRender

/// One file of a wiki's special pages: which list, and which part of it.
struct SpecialPageFile: Sendable {
    let page: SpecialPage
    /// 1-based; a list longer than `Pagination.defaultEntriesPerFile` has several parts.
    let part: Int
}

/// What every file of a wiki's special pages is made with, whatever list it shows: the chrome,
/// the theme, the hrefs, and how many entries a file holds. The special pages of a whole wiki
/// (`WikiSpecialPages`) and a build of edits (`PageEditBuild`), which renders a few of their
/// files from the build state, make them with the same methods.
struct SpecialPageContext: Sendable {
    let chrome: WikiChrome
    let theme: Theme
    /// The hrefs of the wiki's pages, shared with the rest of the build.
    let hrefs: PageHrefs
    let entriesPerFile: Int

    /// The parts of a file that every special page has: where it is, its layout and its header.
    struct Frame {
        let path: SitePath
        let layout: LayoutView
        let header: SpecialPageHeader
    }

    /// Where the files of the site are: the chrome's layout.
    var siteLayout: SiteLayout { chrome.siteLayout }

    /// Where part `file.part` of a list by date (or the statistics) goes.
    func path(of file: SpecialPageFile) -> SitePath {
        precondition(!file.page.isCutAtTitles)
        return siteLayout.special(file.page, part: file.part, ofWiki: chrome.wiki.id)
    }

    /// The frame of the file of `page` at `path`, whose own title is `title`.
    func frame(of page: SpecialPage, at path: SitePath, titled title: String) -> Frame {
        Frame(path: path, layout: chrome.layout(at: path, title: title), header: chrome.header(of: page, at: path))
    }

    /// The frame of `file`, part of a list by date cut as `pagination` says, with its bar of parts.
    func frame(of file: SpecialPageFile, in pagination: Pagination) -> (Frame, PaginationView) {
        let path = path(of: file)
        let bar = pagination.view(ofFile: file.part) {
            path.href(to: siteLayout.special(file.page, part: $0, ofWiki: chrome.wiki.id))
        }
        let title =
            file.part == 1 ? file.page.title : "\(file.page.title) (part \(file.part) of \(pagination.fileCount))"
        return (frame(of: file.page, at: path, titled: title), bar)
    }

    /// The start of the digest of every special file: what the frame shows besides the theme and
    /// the file's own place.
    var digestStart: Fingerprint {
        var digest = Fingerprint()
        digest.add(chrome.wiki.title)
        return digest
    }

    /// The href of the page `title` of the wiki (existing or not) from the file at `path`.
    func href(of title: PageTitle, from path: SitePath) -> String {
        hrefs.href(of: title, inWiki: chrome.wiki.id, from: path, in: siteLayout)
    }

    /// The HTML of the statistics page, showing `figures`.
    func statisticsHTML(_ figures: StatisticsFigures) -> String {
        let path = path(of: SpecialPageFile(page: .statistics, part: 1))
        let frame = frame(of: .statistics, at: path, titled: SpecialPage.statistics.title)
        let wikiID = chrome.wiki.id
        func href(_ page: SpecialPage) -> String { path.href(to: siteLayout.special(page, ofWiki: wikiID)) }
        let facts = [
            StatisticsFact(label: "Pages", value: ThemeWording.number(figures.pageCount), href: href(.allPages)),
            StatisticsFact(label: "Words", value: ThemeWording.number(figures.wordCount)),
            StatisticsFact(
                label: "Words per page",
                value: ThemeWording.number(
                    figures.pageCount == 0 ? 0 : (figures.wordCount + figures.pageCount / 2) / figures.pageCount)),
            StatisticsFact(label: "Links between pages", value: ThemeWording.number(figures.linkCount)),
            StatisticsFact(
                label: "Links to missing pages", value: ThemeWording.number(figures.missingLinkCount),
                href: href(.wantedPages)),
            StatisticsFact(
                label: "Wanted pages", value: ThemeWording.number(figures.wantedPageCount), href: href(.wantedPages)),
            StatisticsFact(
                label: "Orphaned pages", value: ThemeWording.number(figures.orphanedPageCount),
                href: href(.orphanedPages)),
            StatisticsFact(label: "Contributors", value: ThemeWording.number(figures.contributors.count)),
            StatisticsFact(label: "Conflicted documents", value: ThemeWording.number(figures.conflicts.count)),
        ]
        let conflicts = figures.conflicts.map { conflict in
            let target = conflict.pageTitle.flatMap(PageTitle.init).map { siteLayout.page($0, inWiki: wikiID) }
            return ConflictEntry(
                title: conflict.pageTitle ?? chrome.wiki.title,
                href: path.href(to: target ?? siteLayout.home(ofWiki: wikiID)), winner: conflict.winner,
                losers: conflict.losers)
        }
        return theme.render(
            StatisticsView(
                layout: frame.layout, header: frame.header, facts: facts,
                contributors: figures.contributors.map { ContributorEntry(name: $0.name, pageCount: $0.pageCount) },
                pagesWithoutContributor: figures.pagesWithoutContributor, pageCount: figures.pageCount,
                conflicts: conflicts))
    }
}

/// The special pages of one wiki: the files they make, and the HTML of each. Every list is
/// worked out once, from the wiki's analysis; rendering a file only reads it, so files can be
/// rendered on every core at once.
struct WikiSpecialPages: Sendable {
    /// How many pages linking to a wanted title are listed with it (the count says how many
    /// there are in all).
    static let linkingPagesShown = 10

    let analysis: WikiAnalysis
    let index: AlphabeticalIndex
    /// The chrome, theme and hrefs the files are made with.
    let context: SpecialPageContext
    /// Recent changes and new pages.
    private let recentChanges: DatedPageList
    private let newPages: DatedPageList
    /// Wanted titles (positions in `graph.missingTitles`), the most linked first, then
    /// alphabetically.
    private let wantedOrder: [Int]
    /// Pages no other page links to, alphabetically.
    private let orphans: [Int32]
    /// The letters of the alphabetical list, with the rank of each one's first page.
    private let letterStarts: [(letter: String, rank: Int)]
    /// Where all pages, the wanted pages and the orphaned pages are cut into files.
    private let allPagesCuts: TitleCuts
    private let wantedCuts: TitleCuts
    private let orphanCuts: TitleCuts

    init(
        analysis: WikiAnalysis, index: AlphabeticalIndex, chrome: WikiChrome, theme: Theme,
        hrefs: PageHrefs = PageHrefs(), entriesPerFile: Int = Pagination.defaultEntriesPerFile
    ) {
        self.analysis = analysis
        self.index = index
        context = SpecialPageContext(chrome: chrome, theme: theme, hrefs: hrefs, entriesPerFile: entriesPerFile)
        recentChanges = DatedPageList(
            list: .recentChanges,
            entries: analysis.recentChangesOrder.map { DatedEntry(analysis.pages[Int($0)], listedIn: .recentChanges) },
            olderPageCount: analysis.pages.count - analysis.recentChangesOrder.count)
        newPages = DatedPageList(
            list: .newPages,
            entries: analysis.newPagesOrder.map { DatedEntry(analysis.pages[Int($0)], listedIn: .newPages) },
            olderPageCount: analysis.pages.count - analysis.newPagesOrder.count)
        let graph = analysis.graph
        let missing = graph.missingTitles
        let keys = missing.map(AlphabeticalKey.init)
        let linkerCounts = missing.indices.map { graph.linkerPositions(ofMissingTitleAt: $0).count }
        let wantedOrder = missing.indices.sorted { left, right in
            linkerCounts[left] != linkerCounts[right]
                ? linkerCounts[left] > linkerCounts[right] : keys[left] < keys[right]
        }
        let orphans = index.order.filter { graph.backlinkCount(ofPageAt: Int($0)) == 0 }
        let pages = analysis.pages
        allPagesCuts = TitleCuts(count: index.order.count, entriesPerFile: entriesPerFile) {
            pages[Int(index.order[$0])].title.text
        }
        wantedCuts = TitleCuts(count: wantedOrder.count, entriesPerFile: entriesPerFile) {
            missing[wantedOrder[$0]].text
        }
        orphanCuts = TitleCuts(count: orphans.count, entriesPerFile: entriesPerFile) {
            pages[Int(orphans[$0])].title.text
        }
        self.wantedOrder = wantedOrder
        self.orphans = orphans
        letterStarts = index.letterStarts
    }

    /// Where the files of the site are: the chrome's layout.
    private var siteLayout: SiteLayout { context.siteLayout }

    /// Every file of the special pages, each list's parts in order.
    var files: [SpecialPageFile] {
        SpecialPage.allCases.flatMap { page in
            (1...fileCount(of: page)).map { SpecialPageFile(page: page, part: $0) }
        }
    }

    /// How many files the list of `page` has.
    func fileCount(of page: SpecialPage) -> Int {
        switch page {
        case .allPages, .wantedPages, .orphanedPages: cuts(of: page).fileCount
        case .recentChanges: recentChanges.pagination(entriesPerFile: context.entriesPerFile).fileCount
        case .newPages: newPages.pagination(entriesPerFile: context.entriesPerFile).fileCount
        case .statistics: 1
        }
    }

    /// Where `file` goes.
    func path(of file: SpecialPageFile) -> SitePath {
        file.page.isCutAtTitles ? path(of: file.page, part: file.part) : context.path(of: file)
    }

    /// The HTML of `file`.
    func html(of file: SpecialPageFile) -> String {
        let part = file.part
        switch file.page {
        case .allPages:
            let frame = titledFrame(of: .allPages, part: part)
            return context.theme.render(
                AllPagesView(
                    layout: frame.layout, header: frame.header, letters: letterLinks(from: frame.path),
                    groups: letterGroups(frame.entries, from: frame.path), pagination: frame.bar,
                    pageCount: part == 1 ? analysis.pages.count : nil))
        case .wantedPages:
            let frame = titledFrame(of: .wantedPages, part: part)
            return context.theme.render(
                WantedPagesView(
                    layout: frame.layout, header: frame.header,
                    entries: wantedOrder[frame.entries].map { wanted($0, from: frame.path) }, pagination: frame.bar,
                    titleCount: part == 1 ? wantedOrder.count : nil))
        case .orphanedPages:
            let frame = titledFrame(of: .orphanedPages, part: part)
            return context.theme.render(
                OrphanedPagesView(
                    layout: frame.layout, header: frame.header,
                    entries: orphans[frame.entries].map { entry(Int($0), from: frame.path) }, pagination: frame.bar,
                    pageCount: part == 1 ? orphans.count : nil))
        case .recentChanges: return context.html(of: recentChanges, part: part)
        case .newPages: return context.html(of: newPages, part: part)
        case .statistics: return context.statisticsHTML(analysis.statistics)
        }
    }

    /// A digest of everything the file `file` shows besides the theme: files whose digests are
    /// equal in two builds with the same theme are the same bytes, so an incremental build renders
    /// only the parts of a list whose digest changed. The statistics are one file, rendered every
    /// time: its digest is new in every build.
    func digest(of file: SpecialPageFile) -> Int64? {
        let part = file.part
        switch file.page {
        case .allPages:
            var digest = titledDigestStart(of: .allPages, part: part)
            for start in letterStarts {
                digest.add(start.letter)
                digest.add(name(of: .allPages, part: allPagesCuts.file(containingEntryAt: start.rank))?.text)
            }
            let range = allPagesCuts.entries(ofFile: part)
            if range.lowerBound > 0 { digest.add(index.letters[range.lowerBound - 1]) }
            for rank in range {
                digest.add(index.letters[rank])
                digest.add(analysis.pages[Int(index.order[rank])].title.text)
            }
            return digest.value
        case .wantedPages:
            var digest = titledDigestStart(of: .wantedPages, part: part)
            for position in wantedOrder[wantedCuts.entries(ofFile: part)] {
                digest.add(analysis.graph.missingTitles[position].text)
                let linkers = index.sorted(analysis.graph.linkerPositions(ofMissingTitleAt: position))
                digest.add(linkers.count)
                for linker in linkers.prefix(Self.linkingPagesShown) {
                    digest.add(analysis.pages[Int(linker)].title.text)
                }
            }
            return digest.value
        case .orphanedPages:
            var digest = titledDigestStart(of: .orphanedPages, part: part)
            for position in orphans[orphanCuts.entries(ofFile: part)] {
                digest.add(analysis.pages[Int(position)].title.text)
            }
            return digest.value
        case .recentChanges: return context.digest(of: recentChanges, part: part)
        case .newPages: return context.digest(of: newPages, part: part)
        case .statistics: return nil
        }
    }

    // MARK: Lists cut at their titles

    /// The frame of part `part` of `page`, a list cut at its titles, with its place among the
    /// other parts and the positions of its entries in the list.
    private struct TitledFrame {
        let path: SitePath
        let layout: LayoutView
        let header: SpecialPageHeader
        let bar: ListPartView
        let entries: Range<Int>
    }

    /// The cuts of `page`, a list cut at its titles.
    private func cuts(of page: SpecialPage) -> TitleCuts {
        switch page {
        case .allPages: allPagesCuts
        case .wantedPages: wantedCuts
        case .orphanedPages: orphanCuts
        case .recentChanges, .newPages, .statistics: preconditionFailure("\(page) is not cut at its titles")
        }
    }

    /// The title of the entry at `position` of the list of `page`, a list cut at its titles.
    private func entryTitle(of page: SpecialPage, at position: Int) -> PageTitle {
        switch page {
        case .allPages: analysis.pages[Int(index.order[position])].title
        case .wantedPages: analysis.graph.missingTitles[wantedOrder[position]]
        case .orphanedPages: analysis.pages[Int(orphans[position])].title
        case .recentChanges, .newPages, .statistics: preconditionFailure("\(page) is not cut at its titles")
        }
    }

    /// The first title of part `part` of `page` (nil for an empty list): the part's name, after
    /// the first.
    private func firstTitle(of page: SpecialPage, part: Int) -> PageTitle? {
        let range = cuts(of: page).entries(ofFile: part)
        return range.isEmpty ? nil : entryTitle(of: page, at: range.lowerBound)
    }

    /// What names the file of part `part` of `page`: its first title, nil for the first part.
    private func name(of page: SpecialPage, part: Int) -> PageTitle? {
        part == 1 ? nil : firstTitle(of: page, part: part)
    }

    /// Where part `part` of `page`, a list cut at its titles, goes.
    private func path(of page: SpecialPage, part: Int) -> SitePath {
        siteLayout.special(page, from: name(of: page, part: part), ofWiki: analysis.wiki.id)
    }

    /// The frame of part `part` of `page`, a list cut at its titles.
    private func titledFrame(of page: SpecialPage, part: Int) -> TitledFrame {
        let path = path(of: page, part: part)
        let count = cuts(of: page).fileCount
        let entries = cuts(of: page).entries(ofFile: part)
        let first = firstTitle(of: page, part: part)
        let frame = context.frame(
            of: page, at: path,
            titled: name(of: page, part: part).map { "\(page.title), from \($0.text)" } ?? page.title)
        func neighbour(_ other: Int) -> (href: String, title: String)? {
            guard (1...count).contains(other), let title = firstTitle(of: page, part: other) else { return nil }
            return (path.href(to: self.path(of: page, part: other)), title.text)
        }
        let previous = neighbour(part - 1)
        let next = neighbour(part + 1)
        let bar = ListPartView(
            firstTitle: first?.text,
            lastTitle: entries.isEmpty ? nil : entryTitle(of: page, at: entries.upperBound - 1).text,
            startHref: part > 2 ? path.href(to: self.path(of: page, part: 1)) : nil,
            previousHref: previous?.href, previousTitle: previous?.title, nextHref: next?.href,
            nextTitle: next?.title)
        return TitledFrame(path: path, layout: frame.layout, header: frame.header, bar: bar, entries: entries)
    }

    /// The start of the digest of part `part` of `page`, a list cut at its titles: where the part
    /// is among the others (the first, which says how long the list is; the second; or a later
    /// one, which links to the first) and the first titles of the parts on either side of it
    /// (their names, and the labels of the links to them).
    private func titledDigestStart(of page: SpecialPage, part: Int) -> Fingerprint {
        let cuts = cuts(of: page)
        var digest = context.digestStart
        digest.add(min(part, 3))
        if part == 1 { digest.add(cuts.entries(ofFile: cuts.fileCount).upperBound) }
        digest.add(part > 1 ? firstTitle(of: page, part: part - 1)?.text : nil)
        digest.add(part < cuts.fileCount ? firstTitle(of: page, part: part + 1)?.text : nil)
        return digest
    }

    // MARK: Entries

    /// The page at `position` as a list entry, linked from `path`.
    private func entry(_ position: Int, from path: SitePath) -> PageListEntry {
        let title = analysis.pages[position].title
        return PageListEntry(title: title.text, href: context.href(of: title, from: path))
    }

    /// The letter index: each letter linking to the file and anchor where its group starts.
    private func letterLinks(from path: SitePath) -> [LetterLink] {
        letterStarts.map { start in
            let file = self.path(of: .allPages, part: allPagesCuts.file(containingEntryAt: start.rank))
            let fileHref = file == path ? "" : path.href(to: file)
            return LetterLink(letter: start.letter, href: fileHref + "#" + Self.anchor(of: start.letter))
        }
    }

    /// The entries of `range` of the alphabetical list, by letter.
    private func letterGroups(_ range: Range<Int>, from path: SitePath) -> [PageGroup] {
        var groups: [PageGroup] = []
        for rank in range {
            let letter = index.letters[rank]
            if groups.last.map({ !$0.letter.isExactly(letter) }) ?? true {
                let continued = rank == range.lowerBound && rank > 0 && index.letters[rank - 1].isExactly(letter)
                groups.append(
                    PageGroup(letter: letter, anchor: Self.anchor(of: letter), isContinued: continued, entries: []))
            }
            groups[groups.count - 1].entries.append(entry(Int(index.order[rank]), from: path))
        }
        return groups
    }

    /// The `id` of a letter's group: `letter-A`, `letter-Ж`; `letter-other` for `#`.
    static func anchor(of letter: String) -> String {
        letter.isExactly(AlphabeticalKey.otherLetter) ? "letter-other" : "letter-" + letter
    }

    /// The wanted title at `position` of `graph.missingTitles`, with the first pages linking to it.
    private func wanted(_ position: Int, from path: SitePath) -> WantedPageEntry {
        let graph = analysis.graph
        let title = graph.missingTitles[position]
        let linkers = index.sorted(graph.linkerPositions(ofMissingTitleAt: position))
        return WantedPageEntry(
            title: title.text, href: context.href(of: title, from: path),
            linkingPageCount: linkers.count,
            linkingPages: linkers.prefix(Self.linkingPagesShown).map { entry(Int($0), from: path) })
    }
}
