import Synchronization
import WikiDocuments
import WikiModel

/// The hrefs of a wiki's pages, worked out once per title for a whole build when they are asked
/// from a file of the wiki's own folder (its pages and its home), where the href of a page is
/// the same whichever file asks, or of its special folder, where it is the same with `../` in
/// front. Pages link to a few popular pages over and over, and the lists of the special pages
/// name every page; a page's file name takes Unicode normalisation, a case check and
/// percent-encoding to make: a build asks for the same href thousands of times. Thread-safe.
///
/// A build's hrefs can be made for every published page of a wiki before its pages are
/// rendered (`init(publishedPagesOf:in:layout:)`): those are read without a lock, so that the
/// threads rendering pages do not wait on each other for the links most of them make, and a
/// page's position among them finds its href without hashing its title
/// (`href(ofPublishedPageAt:titled:inWiki:from:in:)`). Other titles (missing pages, other
/// wikis) are worked out once and kept behind a lock.
package final class PageHrefs: Sendable {
    private struct Key: Hashable {
        let wikiID: ExactString
        let title: PageTitle
    }

    /// The hrefs of one wiki's published pages, from its own folder: immutable once made. A class,
    /// so that reading it retains one reference rather than each of its parts.
    private final class Published: Sendable {
        let wikiID: String
        /// The wiki's folder, the first component of every file of the wiki.
        let folder: String
        let titles: PublishedTitles
        /// The titles of the pages, in the order of `WikiDatabase.pages(inWiki:)` (by title).
        let pageTitles: [PageTitle]
        /// By position in `WikiDatabase.pages(inWiki:)`, as `titles` gives it.
        let hrefs: [String]

        init(wikiID: String, folder: String, titles: PublishedTitles, pageTitles: [PageTitle], hrefs: [String]) {
            self.wikiID = wikiID
            self.folder = folder
            self.titles = titles
            self.pageTitles = pageTitles
            self.hrefs = hrefs
        }
    }

    /// Where a linking file is, for the hrefs `published` holds.
    private enum Place {
        /// A file of the wiki's own folder: the href as `published` has it.
        case wikiFolder
        /// A file of the wiki's special folder: the href with `../` in front.
        case specialFolder
        /// Anywhere else: the href is worked out from the file.
        case elsewhere
    }

    private let published: Published?
    private let hrefs = Mutex<[Key: String]>([:])

    /// No href known yet.
    package init() {
        published = nil
    }

    /// The hrefs of every published page of wiki `wikiID` of `database`, where `layout` puts
    /// them, worked out at once on every core.
    package init(publishedPagesOf wikiID: String, in database: WikiDatabase, layout: SiteLayout) {
        let pages = database.pages(inWiki: wikiID)
        let home = layout.home(ofWiki: wikiID)
        let hrefs = Concurrently.map(pages.count) { position in
            home.href(to: layout.page(pages[position].title, inWiki: wikiID))
        }
        published = Published(
            wikiID: wikiID, folder: layout.folder(ofWiki: wikiID), titles: database.publishedTitles(inWiki: wikiID),
            pageTitles: pages.map(\.title), hrefs: hrefs)
    }

    /// The href of the page `title` of `wikiID` from `linkingFile`, the files being where
    /// `layout` puts them (the layout the hrefs were made with, if they were made at once).
    func href(of title: PageTitle, inWiki wikiID: String, from linkingFile: SitePath, in layout: SiteLayout) -> String {
        let own = published.flatMap { $0.wikiID.isExactly(wikiID) ? $0 : nil }
        let place = Self.place(of: linkingFile, inFolder: own?.folder ?? layout.folder(ofWiki: wikiID))
        let href: String
        switch place {
        case .elsewhere:
            return linkingFile.href(to: layout.page(title, inWiki: wikiID))
        case .wikiFolder, .specialFolder:
            if let own, let position = own.titles.position(of: title) {
                href = own.hrefs[position]
            } else {
                href = memoized(title, inWiki: wikiID, in: layout)
            }
        }
        return place == .specialFolder ? "../" + href : href
    }

    /// The hrefs of the pages `titles` of `wikiID` from `linkingFile`, the ones
    /// `href(of:inWiki:from:in:)` gives, worked out at once on every core. A list that names
    /// every note (a folder wiki's home) is made so by the fast path whenever the titles change
    /// (`FolderContentsMemo`), its hrefs not made beforehand: a title not among the hrefs made at once is worked out from the
    /// file, not kept, so the threads do not wait on the lock.
    func hrefs(
        of titles: [PageTitle], inWiki wikiID: String, from linkingFile: SitePath, in layout: SiteLayout
    ) -> [String] {
        let own = published.flatMap { $0.wikiID.isExactly(wikiID) ? $0 : nil }
        return Concurrently.map(titles.count) { position in
            let title = titles[position]
            guard let own, own.titles.position(of: title) != nil else {
                return linkingFile.href(to: layout.page(title, inWiki: wikiID))
            }
            return href(of: title, inWiki: wikiID, from: linkingFile, in: layout)
        }
    }

    /// The href of the published page `title` of `wikiID`, at `position` in
    /// `WikiDatabase.pages(inWiki:)` (by title, as `WikiAnalysis.pages`), from `linkingFile`: the
    /// one `href(of:inWiki:from:in:)` gives, found by its position when the hrefs were made at
    /// once and the page at that position has that title.
    func href(
        ofPublishedPageAt position: Int, titled title: PageTitle, inWiki wikiID: String, from linkingFile: SitePath,
        in layout: SiteLayout
    ) -> String {
        guard let own = published, own.wikiID.isExactly(wikiID), own.pageTitles.indices.contains(position),
            own.pageTitles[position] == title
        else { return href(of: title, inWiki: wikiID, from: linkingFile, in: layout) }
        switch Self.place(of: linkingFile, inFolder: own.folder) {
        case .wikiFolder: return own.hrefs[position]
        case .specialFolder: return "../" + own.hrefs[position]
        case .elsewhere: return linkingFile.href(to: layout.page(title, inWiki: wikiID))
        }
    }

    /// Where `linkingFile` is, for a wiki whose files are in `folder`.
    private static func place(of linkingFile: SitePath, inFolder folder: String) -> Place {
        let components = linkingFile.components
        guard components.count == 2 || components.count == 3, components[0].isExactly(folder) else { return .elsewhere }
        if components.count == 2 { return .wikiFolder }
        return components[1] == SiteLayout.specialFolder ? .specialFolder : .elsewhere
    }

    /// The href of the page `title` of `wikiID` from the wiki's own folder, from the memo or
    /// worked out and kept there.
    private func memoized(_ title: PageTitle, inWiki wikiID: String, in layout: SiteLayout) -> String {
        let key = Key(wikiID: ExactString(wikiID), title: title)
        if let known = hrefs.withLock({ $0[key] }) { return known }
        let href = layout.home(ofWiki: wikiID).href(to: layout.page(title, inWiki: wikiID))
        hrefs.withLock { $0[key] = href }
        return href
    }
}
