import WikiModel

/// The Atom feed (RFC 4287) of a wiki's recent changes: one entry per page update, the most
/// recent first.
///
/// A page's entry stands for its current revision: its `<id>` is the page's absolute URL with
/// `#revision-<rev>`, so when the page changes again, readers see a new entry. Nothing in the
/// feed depends on when the site was built: the feed's `<updated>` is its newest entry's.
///
/// - Entries: the `limit` pages changed last (`updated_at`, else `created_at`; pages with
///   neither are left out), newest first, ties in byte order of title.
/// - An entry: `<id>`, `<title>` (the page title, as text), `<updated>`, `<published>`
///   (`created_at`, when known), `<author>` (`updated_by`, when known), a link to the page,
///   and `<content type="html">` with the page's rendered body. The body's links are relative
///   to the page, so the content carries `xml:base`, the page's URL, to resolve them against.
/// - The feed: `<id>` and `rel="self"` link are the feed's URL, `rel="alternate"` the wiki's
///   home, `<title>` the wiki's title, `<updated>` the newest entry's (without entries: the
///   wiki document's `updated_at`, else `created_at`, else 1970-01-01T00:00:00Z). When an
///   entry has no author, the feed names one, as Atom requires: the wiki's owner, else the
///   wiki's title.
package struct AtomFeed {
    let wiki: Wiki
    /// The pages that get an entry, newest first.
    let entries: [(page: Page, updated: UTCDateTime)]

    /// The feed of `wiki` whose published pages are `pages`, with at most `limit` entries.
    /// A draft in `pages` of a build that does not `includesDrafts` is a programming error, and
    /// stops the program rather than leak.
    package init(wiki: Wiki, pages: [Page], limit: Int, includesDrafts: Bool) {
        if !includesDrafts, let draft = pages.first(where: \.isDraft) {
            preconditionFailure("a draft was handed to the feed: \(draft.documentID)")
        }
        self.wiki = wiki
        // The pages without a change come last: what is left of them is left out.
        self.entries = NewestFirst.positions(limit, of: pages) { $0.lastChangeInUTC?.timestamp }.compactMap {
            position in pages[position].lastChangeInUTC.map { (pages[position], $0) }
        }
    }

    /// The feed's bytes, its URLs those of the files of `layout`; `bodyHTML` gives the rendered
    /// body of an entry's page (called once per entry, in order).
    package func bytes(baseURL: BaseURL, layout: DiscoveryLayout, bodyHTML: (Page) throws -> String) rethrows -> [UInt8]
    {
        let feedURL = baseURL.absoluteURL(of: layout.feed(ofWiki: wiki.id))
        var output = XMLOutput()
        output.declaration()
        output.markup("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n")
        output.element("id", text: feedURL)
        output.markup("\n<title type=\"text\">")
        output.text(wiki.title)
        output.markup("</title>\n")
        output.element("updated", text: updated.text)
        output.markup("\n<link rel=\"self\" type=\"application/atom+xml\" href=\"")
        output.attributeValue(feedURL)
        output.markup("\"/>\n<link rel=\"alternate\" type=\"text/html\" href=\"")
        output.attributeValue(baseURL.absoluteURL(of: layout.site.home(ofWiki: wiki.id)))
        output.markup("\"/>\n")
        if entries.contains(where: { $0.page.feedAuthor == nil }) {
            output.markup("<author>")
            output.element("name", text: wiki.ownerID.flatMap { $0.isEmpty ? nil : $0 } ?? wiki.title)
            output.markup("</author>\n")
        }
        for entry in entries {
            try append(entry, to: &output, baseURL: baseURL, layout: layout.site, bodyHTML: bodyHTML(entry.page))
        }
        output.markup("</feed>\n")
        return output.bytes
    }

    /// The newest entry's time, or the wiki's, or the epoch: never the time of the build.
    private var updated: UTCDateTime {
        if let newest = entries.first?.updated { return newest }
        if let wikiChange = wiki.lastChangeInUTC { return wikiChange }
        guard let epoch = Timestamp("1970-01-01T00:00:00Z").flatMap(UTCDateTime.init) else {
            preconditionFailure("the epoch is a valid timestamp")
        }
        return epoch
    }

    private func append(
        _ entry: (page: Page, updated: UTCDateTime), to output: inout XMLOutput, baseURL: BaseURL, layout: SiteLayout,
        bodyHTML: String
    ) {
        let page = entry.page
        let pageURL = baseURL.absoluteURL(of: layout.page(page.title, inWiki: wiki.id))
        output.markup("<entry>\n")
        output.element("id", text: pageURL + "#revision-" + SitePaths.urlEncoded(page.revision.description))
        output.markup("\n<title type=\"text\">")
        output.text(page.title.text)
        output.markup("</title>\n")
        output.element("updated", text: entry.updated.text)
        output.markup("\n")
        if let created = page.createdAt.flatMap(UTCDateTime.init) {
            output.element("published", text: created.text)
            output.markup("\n")
        }
        if let author = page.feedAuthor {
            output.markup("<author>")
            output.element("name", text: author)
            output.markup("</author>\n")
        }
        output.markup("<link rel=\"alternate\" type=\"text/html\" href=\"")
        output.attributeValue(pageURL)
        output.markup("\"/>\n<content type=\"html\" xml:base=\"")
        output.attributeValue(pageURL)
        output.markup("\">")
        output.text(bodyHTML)
        output.markup("</content>\n</entry>\n")
    }
}

extension Page {
    /// The entry's author: `updated_by`, when it says something.
    fileprivate var feedAuthor: String? {
        updatedBy.flatMap { $0.isEmpty ? nil : $0 }
    }
}
