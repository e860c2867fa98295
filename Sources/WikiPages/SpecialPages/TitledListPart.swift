import WikiDocuments
import WikiModel
import WikiRender

/// Everything one file of a list cut at its titles (all pages, the wanted pages, the orphaned
/// pages, the pages on a tag) shows: its entries, where it stands among the other files, and its neighbours' first
/// titles. Its HTML and its digest are made from it alone, so the special pages of a whole wiki
/// (`WikiSpecialPages`) and the fast path, which reads a few files' entries from the build
/// state (`StoredTitledList`), make the same bytes.
package struct TitledListPart: Sendable {
    /// Where a file stands among the files of its list: what it shows depends on no more.
    package enum Place: Sendable, Equatable {
        /// The first file, which says how many entries the whole list has.
        case first(listLength: Int)
        /// The second file: its previous file is the first.
        case second
        /// A later file, which also links to the first.
        case later

        /// The place of file `number` (1-based) of a list of `listLength` entries.
        package init(file number: Int, listLength: Int) {
            self = number == 1 ? .first(listLength: listLength) : number == 2 ? .second : .later
        }
    }

    /// A wanted title's linking pages.
    package struct Linkers: Sendable, Equatable {
        /// How many pages link to the title.
        package let count: Int
        /// The first `WikiSpecialPages.linkingPagesShown` of them, alphabetically.
        package let shown: [PageTitle]

        /// No linking page: what an entry of a list other than the wanted pages has.
        package static let none = Linkers(count: 0, shown: [])

        /// `count` pages link to the page, of which `shown` are listed.
        package init(count: Int, shown: [PageTitle]) {
            self.count = count
            self.shown = shown
        }
    }

    /// Which list.
    package let page: SpecialPage
    let place: Place
    /// The titles the file lists, in the list's order.
    package let titles: [PageTitle]
    /// The first titles of the files before and after this one, if any.
    let previousFirstTitle: PageTitle?
    let nextFirstTitle: PageTitle?
    /// All pages: the letter each title is filed under (`AlphabeticalKey`).
    package var letters: [String] = []
    /// All pages: the letter of the entry before this file's first (nil in the first file).
    package var letterBefore: String?
    /// All pages: every letter of the list, with the name of the file where its group starts.
    package var letterIndex: [LetterStart] = []
    /// The wanted pages: each title's linking pages.
    package var linkers: [Linkers] = []
    /// The pages on a tag (`page` is `.tags`): the tag, as shown.
    var tag: WikiTag?

    /// The file of list `page` at `place` listing `titles`, between the files whose first titles
    /// are given; what only some lists show is set after.
    package init(
        page: SpecialPage, place: Place, titles: [PageTitle], previousFirstTitle: PageTitle?,
        nextFirstTitle: PageTitle?
    ) {
        (self.page, self.place, self.titles) = (page, place, titles)
        (self.previousFirstTitle, self.nextFirstTitle) = (previousFirstTitle, nextFirstTitle)
    }

    /// What names the file: its first title; nil for the first file.
    var name: PageTitle? {
        if case .first = place { return nil }
        return titles.first
    }

    /// Where the file goes.
    package func path(in context: SpecialPageContext) -> SitePath {
        path(from: name, in: context)
    }

    /// The file of this list that starts at `title` (nil: its first file).
    private func path(from title: PageTitle?, in context: SpecialPageContext) -> SitePath {
        let wikiID = context.chrome.wiki.id
        guard let tag else { return context.siteLayout.special(page, from: title, ofWiki: wikiID) }
        return context.siteLayout.tagPage(tag, from: title, ofWiki: wikiID)
    }

    /// A digest of everything the file shows besides the theme: files whose digests are equal in
    /// two builds with the same theme are the same bytes.
    package func digest(in context: SpecialPageContext) -> Int64 {
        var digest = context.digestStart
        switch place {
        case .first(let listLength):
            digest.add(1)
            digest.add(listLength)
        case .second: digest.add(2)
        case .later: digest.add(3)
        }
        digest.add(previousFirstTitle?.text)
        digest.add(nextFirstTitle?.text)
        switch page {
        case .allPages:
            for start in letterIndex {
                digest.add(start.letter)
                digest.add(start.file?.text)
            }
            digest.add(letterBefore)
            for (title, letter) in zip(titles, letters) {
                digest.add(letter)
                digest.add(title.text)
            }
        case .wantedPages:
            for (title, linkers) in zip(titles, linkers) {
                digest.add(title.text)
                digest.add(linkers.count)
                for linker in linkers.shown { digest.add(linker.text) }
            }
        case .orphanedPages:
            for title in titles { digest.add(title.text) }
        case .tags:
            digest.add(tag?.text)
            for title in titles { digest.add(title.text) }
        case .recentChanges, .newPages, .statistics: preconditionFailure("\(page) is not cut at its titles")
        }
        return digest.value
    }

    /// The HTML of the file.
    package func html(in context: SpecialPageContext) -> String {
        let path = path(in: context)
        let listTitle = tag.map { "#" + $0.text } ?? context.chrome.title(of: page)
        let frame = context.frame(
            of: page, at: path,
            titled: name.map { context.chrome.strings.phrase("list_part", ["title": listTitle, "first": $0.text]) }
                ?? listTitle)
        let bar = bar(from: path, in: context)
        var listLength: Int?
        if case .first(let length) = place { listLength = length }
        switch page {
        case .allPages:
            return context.theme.render(
                AllPagesView(
                    layout: frame.layout, header: frame.header, letters: letterLinks(from: path, in: context),
                    groups: letterGroups(from: path, in: context), pagination: bar, pageCount: listLength))
        case .wantedPages:
            let entries = zip(titles, linkers).map { title, linkers in
                WantedPageEntry(
                    title: title.text, href: context.href(of: title, from: path), linkingPageCount: linkers.count,
                    linkingPages: linkers.shown.map { Self.entry($0, from: path, in: context) })
            }
            return context.theme.render(
                WantedPagesView(
                    layout: frame.layout, header: frame.header, entries: entries, pagination: bar,
                    titleCount: listLength))
        case .orphanedPages:
            return context.theme.render(
                OrphanedPagesView(
                    layout: frame.layout, header: frame.header,
                    entries: titles.map { Self.entry($0, from: path, in: context) }, pagination: bar,
                    pageCount: listLength))
        case .tags:
            return context.theme.render(
                TagPageView(
                    layout: frame.layout, header: frame.header,
                    heading: TagHeading(
                        tag: tag?.text ?? "",
                        tagsHref: path.href(to: context.siteLayout.special(.tags, ofWiki: context.chrome.wiki.id))),
                    entries: titles.map { Self.entry($0, from: path, in: context) }, pagination: bar,
                    pageCount: listLength))
        case .recentChanges, .newPages, .statistics: preconditionFailure("\(page) is not cut at its titles")
        }
    }

    /// The file's place among the others: its range of titles, its neighbours, the first file.
    private func bar(from path: SitePath, in context: SpecialPageContext) -> ListPartView {
        func href(to name: PageTitle?) -> String {
            path.href(to: self.path(from: name, in: context))
        }
        var previousName = previousFirstTitle
        var startHref: String?
        switch place {
        case .first: break
        case .second: previousName = nil
        case .later: startHref = href(to: nil)
        }
        return ListPartView(
            firstTitle: titles.first?.text, lastTitle: titles.last?.text, startHref: startHref,
            previous: previousFirstTitle.map { PageListEntry(title: $0.text, href: href(to: previousName)) },
            next: nextFirstTitle.map { PageListEntry(title: $0.text, href: href(to: $0)) })
    }

    /// The letter index: each letter linking to the file and anchor where its group starts.
    private func letterLinks(from path: SitePath, in context: SpecialPageContext) -> [LetterLink] {
        letterIndex.map { start in
            let file = context.siteLayout.special(.allPages, from: start.file, ofWiki: context.chrome.wiki.id)
            let fileHref = file == path ? "" : path.href(to: file)
            return LetterLink(letter: start.letter, href: fileHref + "#" + Self.anchor(of: start.letter))
        }
    }

    /// The file's entries, by letter.
    private func letterGroups(from path: SitePath, in context: SpecialPageContext) -> [PageGroup] {
        var groups: [PageGroup] = []
        for (title, letter) in zip(titles, letters) {
            if groups.last.map({ !$0.letter.isExactly(letter) }) ?? true {
                let continued = groups.isEmpty && letterBefore.map { $0.isExactly(letter) } == true
                groups.append(
                    PageGroup(letter: letter, anchor: Self.anchor(of: letter), isContinued: continued, entries: []))
            }
            groups[groups.count - 1].entries.append(Self.entry(title, from: path, in: context))
        }
        return groups
    }

    /// The `id` of a letter's group: `letter-A`, `letter-Ж`; `letter-other` for `#`.
    static func anchor(of letter: String) -> String {
        letter.isExactly(AlphabeticalKey.otherLetter) ? "letter-other" : "letter-" + letter
    }

    /// The page `title` as a list entry, linked from `path`.
    private static func entry(_ title: PageTitle, from path: SitePath, in context: SpecialPageContext) -> PageListEntry
    {
        PageListEntry(title: title.text, href: context.href(of: title, from: path))
    }
}

/// Where a letter's group of all pages starts: the name of its file (nil for the first).
package struct LetterStart: Sendable, Equatable {
    package let letter: String
    package let file: PageTitle?

    /// The first title under `letter` is in the file whose first title is `file` (nil: the first
    /// file).
    package init(letter: String, file: PageTitle?) {
        self.letter = letter
        self.file = file
    }
}
