import WikiRender

/// One findable file of a wiki as the search index keeps it: its title, its URL in the wiki's
/// folder, and its sections, each with its heading, the heading's id and its plain text.
package struct SearchDocument: Sendable, Equatable {
    /// The title the result shows.
    let title: String
    /// The file, relative to the wiki's folder, as an href.
    let href: String
    /// Words found in the title besides its own (the page's name under a displayed title).
    let otherTitle: String?
    let sections: [SearchSection]

    /// A file findable by its title alone: the home, a special page.
    init(title: String, href: String) {
        self.init(title: title, href: href, otherTitle: nil, sections: [])
    }

    init(title: String, href: String, otherTitle: String?, sections: [SearchSection]) {
        self.title = title
        self.href = href
        self.otherTitle = otherTitle
        self.sections = sections
    }
}
