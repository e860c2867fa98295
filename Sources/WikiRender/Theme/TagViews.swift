/// A tag as a link to its page: a page's own tags, and each entry of the tags index.
public struct TagLink: Sendable, Equatable {
    /// The tag as shown, without its `#`.
    public var name: String
    /// The relative href of the tag's page.
    public var href: String
    /// How many pages are on the tag, in the tags index; nil on a page.
    public var pageCount: Int?
    /// How deep the tag is nested under other tags: 0 at the top.
    public var level: Int

    /// A link to the tag `name` at `href`.
    public init(name: String, href: String, pageCount: Int? = nil, level: Int = 0) {
        self.name = name
        self.href = href
        self.pageCount = pageCount
        self.level = level
    }

    /// `name`, `href`, `level` (at most 6, for the stylesheet's indents), and `pageCountText`,
    /// the count in `strings`.
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues(capacity: 4)
        values.set("name", name)
        values.setHref("href", href)
        values.set("level", min(level, 6))
        values.set("pageCountText", pageCount.map(strings.pageCount))
        return values
    }
}

/// A wiki's tags index, rendered by `tags.mustache`: every tag with its count of pages, each
/// nested tag right after its parent.
public struct TagsIndexView: ThemeView {
    public static let template = ThemeTemplate.tags

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// Every tag, in the index's order.
    public var tags: [TagLink]

    /// A tags index with the given parts.
    public init(layout: LayoutView, header: SpecialPageHeader, tags: [TagLink]) {
        self.layout = layout
        self.header = header
        self.tags = tags
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `tags`,
    /// `hasTags` and `tagCountText`.
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("tags", tags.map { $0.templateValues(layout.strings) })
        values.set("hasTags", !tags.isEmpty)
        values.set("tagCountText", layout.strings.count(tags.count, "tag_count"))
        return values
    }
}

/// One file of the page of a tag, rendered by `tag.mustache`: the pages on the tag, in
/// alphabetical order, cut into files at their titles as all pages are.
public struct TagPageView: ThemeView {
    public static let template = ThemeTemplate.tag

    public var layout: LayoutView
    /// The special page's name (the tags index), its wiki, and the navigation.
    public var header: SpecialPageHeader
    /// The tag, and the way back to the index of tags.
    public var heading: TagHeading
    /// This file's pages, in the order shown.
    public var entries: [PageListEntry]
    /// Which part of the list this file is.
    public var pagination: ListPartView
    /// How many pages are on the tag, on the first file only.
    public var pageCount: Int?

    /// A tag page view with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, heading: TagHeading, entries: [PageListEntry],
        pagination: ListPartView, pageCount: Int?
    ) {
        self.layout = layout
        self.header = header
        self.heading = heading
        self.entries = entries
        self.pagination = pagination
        self.pageCount = pageCount
    }

    /// The header's fields, `tag`, `tagsHref`, `entries`, `hasEntries`, `pagination` and, on the
    /// first file, `pageCountText`.
    public var templateValues: TemplateValues {
        var values = header.templateValues
        values.set("tag", heading.tag)
        values.setHref("tagsHref", heading.tagsHref)
        values.set("entries", entries.map(\.templateValues))
        values.set("hasEntries", !entries.isEmpty)
        values.set("pagination", pagination.templateValues(layout.strings))
        values.set("pageCountText", pageCount.map(layout.strings.pageCount))
        return values
    }
}

/// What the top of a tag's page names: the tag, and the index of every tag it belongs to.
public struct TagHeading: Sendable, Equatable {
    /// The tag as shown, without its `#`.
    public var tag: String
    /// The href of the tags index.
    public var tagsHref: String

    /// The heading of the tag `tag`, whose index is at `tagsHref`.
    public init(tag: String, tagsHref: String) {
        self.tag = tag
        self.tagsHref = tagsHref
    }
}
