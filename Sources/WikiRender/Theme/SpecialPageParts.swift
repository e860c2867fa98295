/// A link to one of a wiki's special pages (all pages, recent changes…), as the wiki's home and
/// the special pages' own navigation list them.
public struct SpecialPageLink: Sendable, Equatable {
    /// The special page's name, e.g. `Recent changes`.
    public var title: String
    /// Its relative href.
    public var href: String
    /// A short note on what is there, e.g. `1,012 pages`; nil for none.
    public var detail: String?
    /// Whether this is the page being shown.
    public var isCurrent: Bool

    /// A link to the special page `title` at `href`.
    public init(title: String, href: String, detail: String? = nil, isCurrent: Bool = false) {
        self.title = title
        self.href = href
        self.detail = detail
        self.isCurrent = isCurrent
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("detail", detail)
        values.set("isCurrent", isCurrent)
        return values
    }
}

/// What every special page shows above its content: its name, the wiki it belongs to, and
/// the navigation between the wiki's special pages.
public struct SpecialPageHeader: Sendable, Equatable {
    /// The special page's name, e.g. `Recent changes`.
    public var title: String
    /// The wiki's title.
    public var wikiTitle: String
    /// The relative href of the wiki's home page.
    public var wikiHomeHref: String
    /// Every special page of the wiki, the one shown marked `isCurrent`.
    public var specialPages: [SpecialPageLink]

    /// A header for the special page `title` of the wiki `wikiTitle`.
    public init(title: String, wikiTitle: String, wikiHomeHref: String, specialPages: [SpecialPageLink]) {
        self.title = title
        self.wikiTitle = wikiTitle
        self.wikiHomeHref = wikiHomeHref
        self.specialPages = specialPages
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.set("wikiTitle", wikiTitle)
        values.setHref("wikiHomeHref", wikiHomeHref)
        values.set("specialPages", specialPages.map(\.templateValues))
        values.set("hasSpecialPages", !specialPages.isEmpty)
        return values
    }
}

/// Where one file of a list by date cut into several is (recent changes, new pages: at most 500
/// entries), and the links to the others by number.
public struct PaginationView: Sendable, Equatable {
    /// The 1-based number of this file among the list's files.
    public var pageNumber: Int
    /// How many files the list has (at least 1).
    public var pageCount: Int
    /// Which entries of the whole list this file shows.
    public var span: EntrySpan
    /// The previous file, nil on the first.
    public var previousHref: String?
    /// The next file, nil on the last.
    public var nextHref: String?
    /// Links to files by number: the first, the last, and those around this one, with gaps
    /// between them.
    public var links: [PaginationLink]

    /// A position in a list.
    public init(
        pageNumber: Int, pageCount: Int, span: EntrySpan, previousHref: String?, nextHref: String?,
        links: [PaginationLink]
    ) {
        self.pageNumber = pageNumber
        self.pageCount = pageCount
        self.span = span
        self.previousHref = previousHref
        self.nextHref = nextHref
        self.links = links
    }

    /// A list that fits in one file.
    public static func single(entryCount: Int) -> PaginationView {
        PaginationView(
            pageNumber: 1, pageCount: 1,
            span: EntrySpan(firstEntry: entryCount == 0 ? 0 : 1, lastEntry: entryCount, entryCount: entryCount),
            previousHref: nil, nextHref: nil, links: [])
    }

    /// The position's values, its words (`statusText`: `Part 2 of 3`) in `strings`.
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues()
        values.set("isPaginated", pageCount > 1)
        values.set("pageNumber", pageNumber)
        values.set("pageCount", pageCount)
        values.set("firstEntry", span.firstEntry)
        values.set("lastEntry", span.lastEntry)
        values.set("entryCount", span.entryCount)
        values.set("firstEntryText", strings.number(span.firstEntry))
        values.set("lastEntryText", strings.number(span.lastEntry))
        values.set("entryCountText", strings.number(span.entryCount))
        values.set(
            "statusText",
            strings.phrase("part_of", ["part": strings.number(pageNumber), "count": strings.number(pageCount)]))
        values.setHref("previousHref", previousHref)
        values.setHref("nextHref", nextHref)
        values.set("links", links.map(\.templateValues))
        return values
    }
}

/// The entries one file of a paginated list shows: the numbers of its first and last among
/// all the list's entries, and how many those are.
public struct EntrySpan: Sendable, Equatable {
    /// The 1-based number, in the whole list, of the file's first entry (0 for an empty list).
    public var firstEntry: Int
    /// The number of the file's last entry (0 for an empty list).
    public var lastEntry: Int
    /// How many entries the whole list has.
    public var entryCount: Int

    /// The entries `firstEntry` to `lastEntry` of a list of `entryCount`.
    public init(firstEntry: Int, lastEntry: Int, entryCount: Int) {
        self.firstEntry = firstEntry
        self.lastEntry = lastEntry
        self.entryCount = entryCount
    }
}

/// Where one file of a list cut at its titles is (all pages, wanted pages, orphaned pages), and
/// the links to the files beside it. Such files are not numbered and do not say how long the
/// list is: each after the first is named by its first title, so that a page created or deleted
/// changes the file it falls in, not every later one.
public struct ListPartView: Sendable, Equatable {
    /// The first and last titles of this file; nil for an empty list.
    public var firstTitle: String?
    public var lastTitle: String?
    /// The list's first file, on the third file and later (the second links to it as previous).
    public var startHref: String?
    /// The previous file, named by its first title; nil on the first file.
    public var previous: PageListEntry?
    /// The next file, named by its first title; nil on the last file.
    public var next: PageListEntry?

    /// A file of a list cut at its titles.
    public init(
        firstTitle: String?, lastTitle: String?, startHref: String?, previous: PageListEntry?, next: PageListEntry?
    ) {
        self.firstTitle = firstTitle
        self.lastTitle = lastTitle
        self.startHref = startHref
        self.previous = previous
        self.next = next
    }

    /// A list that fits in one file, from `firstTitle` to `lastTitle`.
    public static func single(firstTitle: String?, lastTitle: String?) -> ListPartView {
        ListPartView(firstTitle: firstTitle, lastTitle: lastTitle, startHref: nil, previous: nil, next: nil)
    }

    /// Whether this is the list's first file.
    public var isFirstPart: Bool { previous == nil }

    /// The file's values, its words (`statusText`: `From A to F`, `previousText`, `nextText`) in
    /// `strings`.
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues()
        values.set("isPaginated", previous != nil || next != nil)
        values.set("isFirstPart", isFirstPart)
        values.set("firstTitle", firstTitle)
        values.set("lastTitle", lastTitle)
        values.setHref("startHref", startHref)
        values.setHref("previousHref", previous?.href)
        values.set("previousTitle", previous?.title)
        values.setHref("nextHref", next?.href)
        values.set("nextTitle", next?.title)
        values.set("statusText", strings.phrase("from_to", ["first": firstTitle ?? "", "last": lastTitle ?? ""]))
        values.set("previousText", previous.map { strings.phrase("previous_from", ["title": $0.title]) })
        values.set("nextText", next.map { strings.phrase("next_from", ["title": $0.title]) })
        return values
    }
}

/// A link to one file of a paginated list, or a gap between such links.
public struct PaginationLink: Sendable, Equatable {
    /// The file's 1-based number; nil for a gap (`…`).
    public var number: Int?
    /// The file's relative href; nil for a gap.
    public var href: String?
    /// Whether this is the file being shown.
    public var isCurrent: Bool

    /// A link to file `number` at `href`.
    public init(number: Int, href: String, isCurrent: Bool) {
        self.number = number
        self.href = href
        self.isCurrent = isCurrent
    }

    /// A gap between links.
    public static let gap = PaginationLink(gapMarker: ())

    private init(gapMarker: Void) {
        number = nil
        href = nil
        isCurrent = false
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("isGap", number == nil)
        if let number { values.set("number", number) }
        values.setHref("href", href)
        values.set("isCurrent", isCurrent)
        return values
    }
}

/// A page in a list by date: recent changes, new pages, the home's latest changes.
public struct DatedPageEntry: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// The page's relative href.
    public var href: String
    /// When (the time the list is sorted by), nil when the page has no such date.
    public var time: DisplayedTime?
    /// Who saved the page last, when known and shown.
    public var user: String?

    /// An entry for the page `title` at `href`.
    public init(title: String, href: String, time: DisplayedTime?, user: String?) {
        self.title = title
        self.href = href
        self.time = time
        self.user = user
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("time", time?.templateValues)
        values.set("user", user)
        return values
    }
}

/// The entries of a list by date that fall on one day (UTC), or the entries without a date.
public struct DatedPageGroup: Sendable, Equatable {
    /// The day as people read it, e.g. `Sunday 16 December 2012`; `Date unknown` for the
    /// entries without a date.
    public var heading: String
    /// The day for `<time datetime>`, e.g. `2012-12-16`; nil for the entries without a date.
    public var datetime: String?
    /// The entries, in the list's order; each `time` shows the time of day, e.g. `01:33`.
    public var entries: [DatedPageEntry]

    /// A group of `entries` under `heading`.
    public init(heading: String, datetime: String?, entries: [DatedPageEntry]) {
        self.heading = heading
        self.datetime = datetime
        self.entries = entries
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("heading", heading)
        values.set("datetime", datetime)
        values.set("entries", entries.map(\.templateValues))
        return values
    }
}
