import WikiDocuments
import WikiModel
import WikiRender

/// One file of a wiki's special pages: which list, and which part of it.
struct SpecialPageFile: Sendable {
    let page: SpecialPage
    /// 1-based; lists longer than `Pagination.defaultEntriesPerFile` have several parts.
    let part: Int
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
    let chrome: WikiChrome
    let theme: Theme
    let entriesPerFile: Int
    /// The hrefs of the wiki's pages, shared with the rest of the build.
    let hrefs: PageHrefs
    /// Wanted titles (positions in `graph.missingTitles`), the most linked first, then
    /// alphabetically.
    private let wantedOrder: [Int]
    /// Pages no other page links to, alphabetically.
    private let orphans: [Int32]
    /// The letters of the alphabetical list, with the rank of each one's first page.
    private let letterStarts: [(letter: String, rank: Int)]

    init(
        analysis: WikiAnalysis, index: AlphabeticalIndex, chrome: WikiChrome, theme: Theme,
        hrefs: PageHrefs = PageHrefs(), entriesPerFile: Int = Pagination.defaultEntriesPerFile
    ) {
        self.hrefs = hrefs
        self.analysis = analysis
        self.index = index
        self.chrome = chrome
        self.theme = theme
        self.entriesPerFile = entriesPerFile
        let graph = analysis.graph
        let missing = graph.missingTitles
        let keys = missing.map(AlphabeticalKey.init)
        let linkerCounts = missing.indices.map { graph.linkerPositions(ofMissingTitleAt: $0).count }
        wantedOrder = missing.indices.sorted { left, right in
            linkerCounts[left] != linkerCounts[right]
                ? linkerCounts[left] > linkerCounts[right] : keys[left] < keys[right]
        }
        orphans = index.order.filter { graph.backlinkCount(ofPageAt: Int($0)) == 0 }
        letterStarts = index.letterStarts
    }

    /// Where the files of the site are: the chrome's layout.
    private var siteLayout: SiteLayout { chrome.siteLayout }

    /// Every file of the special pages, each list's parts in order.
    var files: [SpecialPageFile] {
        SpecialPage.allCases.flatMap { page in
            (1...pagination(of: page).fileCount).map { SpecialPageFile(page: page, part: $0) }
        }
    }

    /// Where `file` goes.
    func path(of file: SpecialPageFile) -> SitePath {
        siteLayout.special(file.page, part: file.part, ofWiki: analysis.wiki.id)
    }

    /// The HTML of `file`.
    func html(of file: SpecialPageFile) -> String {
        let path = path(of: file)
        let pagination = pagination(of: file.page)
        let bar = pagination.view(ofFile: file.part) {
            path.href(to: siteLayout.special(file.page, part: $0, ofWiki: analysis.wiki.id))
        }
        let title =
            file.part == 1 ? file.page.title : "\(file.page.title) (part \(file.part) of \(pagination.fileCount))"
        let layout = chrome.layout(at: path, title: title)
        let header = chrome.header(of: file.page, at: path)
        let range = pagination.entries(ofFile: file.part)
        switch file.page {
        case .allPages:
            return theme.render(
                AllPagesView(
                    layout: layout, header: header, letters: letterLinks(from: path),
                    groups: letterGroups(range, from: path), pagination: bar, pageCount: analysis.pages.count))
        case .recentChanges:
            let entries = analysis.recentChangesOrder[range].map { Int($0) }
            return theme.render(
                RecentChangesView(
                    layout: layout, header: header,
                    days: dayGroups(entries, from: path, date: \.updatedAt, showsUser: true), pagination: bar,
                    olderPageCount: analysis.pages.count - analysis.recentChangesOrder.count))
        case .newPages:
            let entries = analysis.newPagesOrder[range].map { Int($0) }
            return theme.render(
                NewPagesView(
                    layout: layout, header: header,
                    days: dayGroups(entries, from: path, date: \.createdAt, showsUser: false), pagination: bar,
                    olderPageCount: analysis.pages.count - analysis.newPagesOrder.count))
        case .wantedPages:
            return theme.render(
                WantedPagesView(
                    layout: layout, header: header, entries: wantedOrder[range].map { wanted($0, from: path) },
                    pagination: bar))
        case .orphanedPages:
            return theme.render(
                OrphanedPagesView(
                    layout: layout, header: header, entries: orphans[range].map { entry(Int($0), from: path) },
                    pagination: bar))
        case .statistics:
            return theme.render(statistics(layout: layout, header: header, from: path))
        }
    }

    /// A digest of everything the file `file` shows besides the theme: files whose digests are
    /// equal in two builds with the same theme are the same bytes, so an incremental build renders
    /// only the parts of a list whose digest changed. The statistics are one file, rendered every
    /// time: its digest is new in every build.
    func digest(of file: SpecialPageFile) -> Int64? {
        var digest = Fingerprint()
        digest.add(analysis.wiki.title)
        for page in SpecialPage.allCases { digest.add(chrome.specialPageDetails[page]) }
        let pagination = pagination(of: file.page)
        digest.add(pagination.fileCount)
        let range = pagination.entries(ofFile: file.part)
        switch file.page {
        case .allPages:
            digest.add(analysis.pages.count)
            for start in letterStarts {
                digest.add(start.letter)
                digest.add(pagination.file(containingEntryAt: start.rank))
            }
            if range.lowerBound > 0 { digest.add(index.letters[range.lowerBound - 1]) }
            for rank in range {
                digest.add(index.letters[rank])
                digest.add(analysis.pages[Int(index.order[rank])].title.text)
            }
        case .recentChanges, .newPages:
            let order = file.page == .recentChanges ? analysis.recentChangesOrder : analysis.newPagesOrder
            digest.add(analysis.pages.count - order.count)
            for position in order[range] {
                let page = analysis.pages[Int(position)]
                digest.add(page.title.text)
                digest.add(file.page == .recentChanges ? page.updatedAt?.text : page.createdAt?.text)
                digest.add(file.page == .recentChanges ? page.updatedBy : nil)
            }
        case .wantedPages:
            for position in wantedOrder[range] {
                digest.add(analysis.graph.missingTitles[position].text)
                let linkers = index.sorted(analysis.graph.linkerPositions(ofMissingTitleAt: position))
                digest.add(linkers.count)
                for linker in linkers.prefix(Self.linkingPagesShown) {
                    digest.add(analysis.pages[Int(linker)].title.text)
                }
            }
        case .orphanedPages:
            for position in orphans[range] { digest.add(analysis.pages[Int(position)].title.text) }
        case .statistics:
            return nil
        }
        return digest.value
    }

    /// How the list of `page` is cut into files.
    func pagination(of page: SpecialPage) -> Pagination {
        let count: Int
        switch page {
        case .allPages: count = analysis.pages.count
        case .recentChanges: count = analysis.recentChangesOrder.count
        case .newPages: count = analysis.newPagesOrder.count
        case .wantedPages: count = wantedOrder.count
        case .orphanedPages: count = orphans.count
        case .statistics: count = 0
        }
        return Pagination(entryCount: count, entriesPerFile: entriesPerFile)
    }

    // MARK: Entries

    /// The href of the page `title` of the wiki (existing or not) from the file at `path`.
    private func href(of title: PageTitle, from path: SitePath) -> String {
        hrefs.href(of: title, inWiki: analysis.wiki.id, from: path, in: siteLayout)
    }

    /// The page at `position` as a list entry, linked from `path`.
    private func entry(_ position: Int, from path: SitePath) -> PageListEntry {
        let title = analysis.pages[position].title
        return PageListEntry(title: title.text, href: href(of: title, from: path))
    }

    /// The letter index: each letter linking to the file and anchor where its group starts.
    private func letterLinks(from path: SitePath) -> [LetterLink] {
        let pagination = pagination(of: .allPages)
        return letterStarts.map { start in
            let file = siteLayout.special(
                .allPages, part: pagination.file(containingEntryAt: start.rank), ofWiki: analysis.wiki.id)
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

    /// `positions` (in the list's order) grouped by the UTC day of `date`; the pages without
    /// that date come last, under `Date unknown`.
    private func dayGroups(
        _ positions: [Int], from path: SitePath, date: KeyPath<Page, Timestamp?>, showsUser: Bool
    ) -> [DatedPageGroup] {
        var groups: [DatedPageGroup] = []
        var currentDay: Int64?
        var inUndated = false
        for position in positions {
            let page = analysis.pages[position]
            let time = page[keyPath: date]
            let listed = entry(position, from: path)
            let dated = DatedPageEntry(
                title: listed.title, href: listed.href,
                time: time.map { DisplayedTime(display: CalendarDay.timeOfDay($0), datetime: $0.text) },
                user: showsUser ? page.updatedBy : nil)
            if let time {
                let day = CalendarDay(time)
                if currentDay != day.number {
                    currentDay = day.number
                    groups.append(DatedPageGroup(heading: day.heading, datetime: day.datetime, entries: []))
                }
            } else if !inUndated {
                inUndated = true
                groups.append(DatedPageGroup(heading: "Date unknown", datetime: nil, entries: []))
            }
            groups[groups.count - 1].entries.append(dated)
        }
        return groups
    }

    /// The wanted title at `position` of `graph.missingTitles`, with the first pages linking to it.
    private func wanted(_ position: Int, from path: SitePath) -> WantedPageEntry {
        let graph = analysis.graph
        let title = graph.missingTitles[position]
        let linkers = index.sorted(graph.linkerPositions(ofMissingTitleAt: position))
        return WantedPageEntry(
            title: title.text, href: href(of: title, from: path),
            linkingPageCount: linkers.count,
            linkingPages: linkers.prefix(Self.linkingPagesShown).map { entry(Int($0), from: path) })
    }

    // MARK: Statistics

    private func statistics(layout: LayoutView, header: SpecialPageHeader, from path: SitePath) -> StatisticsView {
        let statistics = analysis.statistics
        let wikiID = analysis.wiki.id
        func href(_ page: SpecialPage) -> String { path.href(to: siteLayout.special(page, ofWiki: wikiID)) }
        let facts = [
            StatisticsFact(
                label: "Pages", value: ThemeWording.number(statistics.pageCount), href: href(.allPages)),
            StatisticsFact(label: "Words", value: ThemeWording.number(statistics.wordCount)),
            StatisticsFact(
                label: "Words per page",
                value: ThemeWording.number(
                    statistics.pageCount == 0
                        ? 0 : (statistics.wordCount + statistics.pageCount / 2) / statistics.pageCount)),
            StatisticsFact(label: "Links between pages", value: ThemeWording.number(statistics.linkCount)),
            StatisticsFact(
                label: "Links to missing pages", value: ThemeWording.number(statistics.missingLinkCount),
                href: href(.wantedPages)),
            StatisticsFact(
                label: "Wanted pages", value: ThemeWording.number(statistics.wantedPageCount), href: href(.wantedPages)),
            StatisticsFact(
                label: "Orphaned pages", value: ThemeWording.number(statistics.orphanedPageCount),
                href: href(.orphanedPages)),
            StatisticsFact(label: "Contributors", value: ThemeWording.number(statistics.contributors.count)),
            StatisticsFact(label: "Conflicted documents", value: ThemeWording.number(statistics.conflicts.count)),
        ]
        let conflicts = statistics.conflicts.compactMap { conflict -> ConflictEntry? in
            let title: String
            let target: SitePath
            if conflict.documentID.isExactly(wikiID) {
                title = analysis.wiki.title
                target = siteLayout.home(ofWiki: wikiID)
            } else {
                guard let page = analysis.pages.first(where: { $0.documentID.isExactly(conflict.documentID) }) else {
                    return nil
                }
                title = page.title.text
                target = siteLayout.page(page.title, inWiki: wikiID)
            }
            return ConflictEntry(
                title: title, href: path.href(to: target), winner: conflict.winner.description,
                losers: conflict.losers.map(\.description))
        }
        return StatisticsView(
            layout: layout, header: header, facts: facts,
            contributors: statistics.contributors.map { ContributorEntry(name: $0.name, pageCount: $0.pageCount) },
            pagesWithoutContributor: statistics.pagesWithoutContributor, pageCount: statistics.pageCount,
            conflicts: conflicts)
    }
}
