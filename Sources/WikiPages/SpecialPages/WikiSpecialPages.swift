import WikiDocuments
import WikiModel
import WikiRender

/// One file of a wiki's special pages: which list, and which part of it.
package struct SpecialPageFile: Sendable {
    let page: SpecialPage
    /// 1-based; a list longer than `Pagination.defaultEntriesPerFile` has several parts.
    let part: Int
    /// For the pages on a tag (`page` is `.tags`): the tag's position in `WikiTags.entries`;
    /// nil for the tags index and every other list.
    var tag: Int? = nil

    /// The file `part` (from 1) of `page`; for a tag's page, `tag` is the tag's position among the
    /// wiki's tags.
    package init(page: SpecialPage, part: Int, tag: Int? = nil) {
        self.page = page
        self.part = part
        self.tag = tag
    }
}

/// What every file of a wiki's special pages is made with, whatever list it shows: the chrome,
/// the theme, the hrefs, and how many entries a file holds. The special pages of a whole wiki
/// (`WikiSpecialPages`) and the fast path (`FastPath`), which renders a few of their
/// files from the build state, make them with the same methods.
package struct SpecialPageContext: Sendable {
    package let chrome: WikiChrome
    let theme: Theme
    /// The hrefs of the wiki's pages, shared with the rest of the build.
    let hrefs: PageHrefs
    package let entriesPerFile: Int

    /// The parts of a file that every special page has: where it is, its layout and its header.
    struct Frame {
        let path: SitePath
        let layout: LayoutView
        let header: SpecialPageHeader
    }

    /// Where the files of the site are: the chrome's layout.
    package var siteLayout: SiteLayout { chrome.siteLayout }

    /// Where part `file.part` of a list by date (or the statistics) goes.
    package func path(of file: SpecialPageFile) -> SitePath {
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
        let name = chrome.title(of: file.page)
        let strings = chrome.strings
        let title =
            file.part == 1
            ? name
            : strings.phrase(
                "special_page_part",
                ["title": name, "part": strings.number(file.part), "count": strings.number(pagination.fileCount)])
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
    package func statisticsHTML(_ figures: StatisticsFigures) -> String {
        let path = path(of: SpecialPageFile(page: .statistics, part: 1))
        let frame = frame(of: .statistics, at: path, titled: chrome.title(of: .statistics))
        let wikiID = chrome.wiki.id
        func href(_ page: SpecialPage) -> String { path.href(to: siteLayout.special(page, ofWiki: wikiID)) }
        let strings = chrome.strings
        func fact(_ key: String, _ value: Int, _ page: SpecialPage? = nil) -> StatisticsFact {
            StatisticsFact(label: strings[key], value: strings.number(value), href: page.map(href))
        }
        let facts = [
            fact("pages", figures.pageCount, .allPages),
            fact("words", figures.wordCount),
            fact(
                "words_per_page",
                figures.pageCount == 0 ? 0 : (figures.wordCount + figures.pageCount / 2) / figures.pageCount),
            fact("links_between_pages", figures.linkCount),
            fact("links_to_missing_pages", figures.missingLinkCount, .wantedPages),
            fact("wanted_pages", figures.wantedPageCount, .wantedPages),
            fact("orphaned_pages", figures.orphanedPageCount, .orphanedPages),
            fact("contributors", figures.contributors.count),
            fact("conflicted_documents", figures.conflicts.count),
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
                authorship: Authorship(
                    contributors: figures.contributors.map { ContributorEntry(name: $0.name, pageCount: $0.pageCount) },
                    pagesWithoutContributor: figures.pagesWithoutContributor, pageCount: figures.pageCount),
                conflicts: conflicts))
    }

    /// What every special file of a wiki shares: its `chrome`, `theme`, `hrefs`, and the entries a
    /// list shows a file.
    package init(chrome: WikiChrome, theme: Theme, hrefs: PageHrefs, entriesPerFile: Int) {
        self.chrome = chrome
        self.theme = theme
        self.hrefs = hrefs
        self.entriesPerFile = entriesPerFile
    }
}

/// The special pages of one wiki: the files they make, and the HTML of each. Every list is
/// worked out once, from the wiki's analysis; rendering a file only reads it, so files can be
/// rendered on every core at once.
package struct WikiSpecialPages: Sendable {
    /// How many pages linking to a wanted title are listed with it (the count says how many
    /// there are in all).
    package static let linkingPagesShown = 10

    package let analysis: WikiAnalysis
    let index: AlphabeticalIndex
    /// The chrome, theme and hrefs the files are made with.
    package let context: SpecialPageContext
    /// Recent changes and new pages.
    private let recentChanges: DatedPageList
    private let newPages: DatedPageList
    /// Wanted titles (positions in `graph.missingTitles`), the most linked first, then
    /// alphabetically.
    private let wantedOrder: [Int]
    /// Pages no other page links to, alphabetically.
    private let orphans: [Int32]
    /// Every letter of all pages, with the name of the file where its group starts.
    package let letterIndex: [LetterStart]
    /// Where all pages, the wanted pages and the orphaned pages are cut into files.
    private let allPagesCuts: TitleCuts
    private let wantedCuts: TitleCuts
    private let orphanCuts: TitleCuts
    /// The pages on each tag (positions in `analysis.pages`, alphabetically), and where each
    /// list is cut into files, by the tag's position in `analysis.tags.entries`.
    let taggedPages: [[Int32]]
    let tagCuts: [TitleCuts]

    /// The special pages of `analysis`, its pages in the order of `index`, with the wiki's
    /// `chrome`, in `theme`, through `hrefs`, a list's files of `entriesPerFile` entries.
    package init(
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
        let taggedPages = analysis.tags.entries.map { index.sorted($0.pages) }
        tagCuts = taggedPages.map { tagged in
            TitleCuts(count: tagged.count, entriesPerFile: entriesPerFile) { pages[Int(tagged[$0])].title.text }
        }
        self.taggedPages = taggedPages
        let allPagesCuts = self.allPagesCuts
        letterIndex = index.letterStarts.map { start in
            let file = allPagesCuts.file(containingEntryAt: start.rank)
            let first = allPagesCuts.entries(ofFile: file).lowerBound
            return LetterStart(letter: start.letter, file: file == 1 ? nil : pages[Int(index.order[first])].title)
        }
    }

    /// Where the files of the site are: the chrome's layout.
    private var siteLayout: SiteLayout { context.siteLayout }

    /// Every file of the special pages, each list's parts in order.
    package var files: [SpecialPageFile] {
        SpecialPage.allCases.flatMap { page in
            (1...fileCount(of: page)).map { SpecialPageFile(page: page, part: $0) }
        } + tagFiles
    }

    /// How many files the list of `page` has.
    package func fileCount(of page: SpecialPage) -> Int {
        switch page {
        case .allPages, .wantedPages, .orphanedPages: cuts(of: page).fileCount
        case .recentChanges: recentChanges.pagination(entriesPerFile: context.entriesPerFile).fileCount
        case .newPages: newPages.pagination(entriesPerFile: context.entriesPerFile).fileCount
        case .statistics, .tags: 1
        }
    }

    /// Where `file` goes.
    package func path(of file: SpecialPageFile) -> SitePath {
        if let tag = file.tag { return part(file.part, ofTagAt: tag).path(in: context) }
        return file.page.isCutAtTitles ? part(file.part, of: file.page).path(in: context) : context.path(of: file)
    }

    /// The HTML of `file`.
    package func html(of file: SpecialPageFile) -> String {
        switch file.page {
        case .allPages, .wantedPages, .orphanedPages: part(file.part, of: file.page).html(in: context)
        case .recentChanges: context.html(of: recentChanges, part: file.part)
        case .newPages: context.html(of: newPages, part: file.part)
        case .statistics: context.statisticsHTML(analysis.statistics)
        case .tags: file.tag.map { part(file.part, ofTagAt: $0).html(in: context) } ?? tagsIndexHTML
        }
    }

    /// A digest of everything the file `file` shows besides the theme: files whose digests are
    /// equal in two builds with the same theme are the same bytes, so an incremental build renders
    /// only the parts of a list whose digest changed. The statistics are one file, rendered every
    /// time: its digest is new in every build.
    package func digest(of file: SpecialPageFile) -> Int64? {
        switch file.page {
        case .allPages, .wantedPages, .orphanedPages: part(file.part, of: file.page).digest(in: context)
        case .recentChanges: context.digest(of: recentChanges, part: file.part)
        case .newPages: context.digest(of: newPages, part: file.part)
        case .statistics: nil
        case .tags: file.tag.map { part(file.part, ofTagAt: $0).digest(in: context) } ?? tagsIndexDigest
        }
    }

    // MARK: Lists cut at their titles

    /// The cuts of `page`, a list cut at its titles.
    private func cuts(of page: SpecialPage) -> TitleCuts {
        switch page {
        case .allPages: allPagesCuts
        case .wantedPages: wantedCuts
        case .orphanedPages: orphanCuts
        case .recentChanges, .newPages, .statistics, .tags:
            preconditionFailure("\(page) is not cut at its titles by itself")
        }
    }

    /// The title of the entry at `position` of the list of `page`, a list cut at its titles.
    private func entryTitle(of page: SpecialPage, at position: Int) -> PageTitle {
        switch page {
        case .allPages: analysis.pages[Int(index.order[position])].title
        case .wantedPages: analysis.graph.missingTitles[wantedOrder[position]]
        case .orphanedPages: analysis.pages[Int(orphans[position])].title
        case .recentChanges, .newPages, .statistics, .tags:
            preconditionFailure("\(page) is not cut at its titles by itself")
        }
    }

    /// The first title of part `part` of `page` (nil for an empty list, or no such part).
    private func firstTitle(of page: SpecialPage, part: Int) -> PageTitle? {
        let cuts = cuts(of: page)
        guard (1...cuts.fileCount).contains(part) else { return nil }
        let range = cuts.entries(ofFile: part)
        return range.isEmpty ? nil : entryTitle(of: page, at: range.lowerBound)
    }

    /// What part `part` of `page`, a list cut at its titles, shows.
    package func part(_ part: Int, of page: SpecialPage) -> TitledListPart {
        let cuts = cuts(of: page)
        let range = cuts.entries(ofFile: part)
        var shown = TitledListPart(
            page: page,
            place: TitledListPart.Place(file: part, listLength: cuts.entries(ofFile: cuts.fileCount).upperBound),
            titles: range.map { entryTitle(of: page, at: $0) },
            previousFirstTitle: firstTitle(of: page, part: part - 1),
            nextFirstTitle: firstTitle(of: page, part: part + 1))
        switch page {
        case .allPages:
            shown.letters = Array(index.letters[range])
            shown.letterBefore = range.lowerBound > 0 ? index.letters[range.lowerBound - 1] : nil
            shown.letterIndex = letterIndex
        case .wantedPages:
            shown.linkers = wantedOrder[range].map(linkers(ofMissingTitleAt:))
        case .orphanedPages, .recentChanges, .newPages, .statistics, .tags: break
        }
        return shown
    }

    /// The pages linking to the missing title at `position` of `graph.missingTitles`.
    private func linkers(ofMissingTitleAt position: Int) -> TitledListPart.Linkers {
        let linkers = index.sorted(analysis.graph.linkerPositions(ofMissingTitleAt: position))
        return TitledListPart.Linkers(
            count: linkers.count,
            shown: linkers.prefix(Self.linkingPagesShown).map { analysis.pages[Int($0)].title })
    }
}
