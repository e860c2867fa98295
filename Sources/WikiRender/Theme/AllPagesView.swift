/// One file of a wiki's list of all its pages, rendered by `all-pages.mustache`: the pages in
/// alphabetical order, grouped by first letter, with an index of the letters at the top. A
/// long list is cut into several files at its titles (`pagination`).
public struct AllPagesView: ThemeView {
    public static let template = ThemeTemplate.allPages

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// Every letter of the whole list (not only of this file), each linking to where its group
    /// starts, possibly in another file.
    public var letters: [LetterLink]
    /// The groups of this file, in order; a group that began in the previous file is
    /// `isContinued`.
    public var groups: [PageGroup]
    /// Which part of the list this file is.
    public var pagination: ListPartView
    /// How many pages the wiki publishes, on the first file only (nil on the others, so that a
    /// page created or deleted leaves them as they were).
    public var pageCount: Int?

    /// An all-pages view with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, letters: [LetterLink], groups: [PageGroup],
        pagination: ListPartView, pageCount: Int?
    ) {
        self.layout = layout
        self.header = header
        self.letters = letters
        self.groups = groups
        self.pagination = pagination
        self.pageCount = pageCount
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `letters`,
    /// `groups` and `pagination` by their names, plus `entries` (this file's pages, all groups
    /// together), `hasEntries`, `hasLetters` and, on the first file, `pageCountText` (`1 page`,
    /// `1,012 pages`).
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("letters", letters.map(\.templateValues))
        values.set("hasLetters", !letters.isEmpty)
        values.set("groups", groups.map(\.templateValues))
        values.set("entries", groups.flatMap(\.entries).map(\.templateValues))
        values.set("hasEntries", groups.contains { !$0.entries.isEmpty })
        values.set("pagination", pagination.templateValues(layout.strings))
        values.set("pageCountText", pageCount.map(layout.strings.pageCount))
        return values
    }
}

/// A page in a list of pages: its title and where it is.
public struct PageListEntry: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// The page's relative href.
    public var href: String

    /// An entry for the page `title` at `href`.
    public init(title: String, href: String) {
        self.title = title
        self.href = href
    }

    var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 2)
        values.set("title", title)
        values.setHref("href", href)
        return values
    }
}

/// A letter of the all-pages index.
public struct LetterLink: Sendable, Equatable {
    /// The letter as shown, e.g. `A`, `Ж`, or `#` for titles that do not start with a letter.
    public var letter: String
    /// Where the letter's group starts: `#` and the group's anchor, after the file's href when
    /// the group is in another file.
    public var href: String

    /// A link for `letter` to `href`.
    public init(letter: String, href: String) {
        self.letter = letter
        self.href = href
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("letter", letter)
        values.setHref("href", href)
        return values
    }
}

/// The pages of a list whose titles start with the same letter.
public struct PageGroup: Sendable, Equatable {
    /// The letter, as in `LetterLink`.
    public var letter: String
    /// The `id` of the group's heading, where the letter index links to.
    public var anchor: String
    /// Whether the group began in the previous file of the list.
    public var isContinued: Bool
    /// The pages, in the order shown.
    public var entries: [PageListEntry]

    /// A group of `entries` under `letter`.
    public init(letter: String, anchor: String, isContinued: Bool, entries: [PageListEntry]) {
        self.letter = letter
        self.anchor = anchor
        self.isContinued = isContinued
        self.entries = entries
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("letter", letter)
        values.set("anchor", anchor)
        values.set("isContinued", isContinued)
        values.set("entries", entries.map(\.templateValues))
        return values
    }
}
