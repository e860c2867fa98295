import WikiModel
import WikiRender

/// A page as a list by date shows it: its title, the date the list is ordered by, and, on recent
/// changes, who saved it last.
package struct DatedEntry: Sendable {
    package let title: PageTitle
    /// `updated_at` on recent changes, `created_at` on new pages.
    let date: Timestamp?
    /// `updated_by` on recent changes; nil on new pages, which do not show it.
    let user: String?

    /// An entry with the given parts.
    package init(title: PageTitle, date: Timestamp?, user: String?) {
        self.title = title
        self.date = date
        self.user = user
    }

    /// `page` as `list` (recent changes or new pages) shows it.
    package init(_ page: Page, listedIn list: SpecialPage) {
        let isRecentChanges = list == .recentChanges
        self.init(
            title: page.title, date: isRecentChanges ? page.updatedAt : page.createdAt,
            user: isRecentChanges ? page.updatedBy : nil)
    }
}

/// A list by date of a wiki (recent changes or new pages): its first entries, newest first
/// (`NewestFirst`), and how many pages of the wiki it leaves out.
package struct DatedPageList: Sendable {
    /// `.recentChanges` or `.newPages`.
    let list: SpecialPage
    /// At most `WikiAnalysis.datedListLength` entries, in the list's order.
    let entries: [DatedEntry]
    /// The wiki's pages that are not listed.
    let olderPageCount: Int

    /// How the list is cut into files of `entriesPerFile` entries.
    package func pagination(entriesPerFile: Int) -> Pagination {
        Pagination(entryCount: entries.count, entriesPerFile: entriesPerFile)
    }

    /// The list `list` of `entries`, in its order, leaving out `olderPageCount` pages.
    package init(list: SpecialPage, entries: [DatedEntry], olderPageCount: Int) {
        self.list = list
        self.entries = entries
        self.olderPageCount = olderPageCount
    }
}

extension SpecialPageContext {
    /// The HTML of part `part` of `list`.
    package func html(of list: DatedPageList, part: Int) -> String {
        let pagination = list.pagination(entriesPerFile: entriesPerFile)
        let (frame, bar) = frame(of: SpecialPageFile(page: list.list, part: part), in: pagination)
        let days = dayGroups(list.entries[pagination.entries(ofFile: part)], from: frame.path)
        if list.list == .recentChanges {
            return theme.render(
                RecentChangesView(
                    layout: frame.layout, header: frame.header, days: days, pagination: bar,
                    olderPageCount: list.olderPageCount))
        }
        return theme.render(
            NewPagesView(
                layout: frame.layout, header: frame.header, days: days, pagination: bar,
                olderPageCount: list.olderPageCount))
    }

    /// The digest of part `part` of `list` (`WikiSpecialPages.digest(of:)`).
    package func digest(of list: DatedPageList, part: Int) -> Int64 {
        let pagination = list.pagination(entriesPerFile: entriesPerFile)
        var digest = digestStart
        digest.add(pagination.fileCount)
        digest.add(list.olderPageCount)
        for entry in list.entries[pagination.entries(ofFile: part)] {
            digest.add(entry.title.text)
            digest.add(entry.date?.text)
            digest.add(entry.user)
        }
        return digest.value
    }

    /// `entries` grouped by the UTC day of their date; the entries without a date come last,
    /// under `Date unknown`.
    private func dayGroups(_ entries: ArraySlice<DatedEntry>, from path: SitePath) -> [DatedPageGroup] {
        var groups: [DatedPageGroup] = []
        var currentDay: Int64?
        var inUndated = false
        for entry in entries {
            let dated = DatedPageEntry(
                title: entry.title.text, href: href(of: entry.title, from: path),
                time: entry.date.map { DisplayedTime(display: CalendarDay.timeOfDay($0), datetime: $0.text) },
                user: entry.user)
            if let time = entry.date {
                let day = CalendarDay(time, strings: chrome.strings)
                if currentDay != day.number {
                    currentDay = day.number
                    groups.append(DatedPageGroup(heading: day.heading, datetime: day.datetime, entries: []))
                }
            } else if !inUndated {
                inUndated = true
                groups.append(DatedPageGroup(heading: chrome.strings["date_unknown"], datetime: nil, entries: []))
            }
            groups[groups.count - 1].entries.append(dated)
        }
        return groups
    }
}
