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
/// threads rendering pages do not wait on each other for the links most of them make. Other
/// titles (missing pages, other wikis) are worked out once and kept behind a lock.
final class PageHrefs: Sendable {
    private struct Key: Hashable {
        let wikiID: ExactString
        let title: PageTitle
    }

    /// The hrefs of one wiki's published pages, from its own folder: immutable once made.
    private struct Published: Sendable {
        let wikiID: String
        /// The wiki's folder, the first component of every file of the wiki.
        let folder: String
        let titles: PublishedTitles
        /// By position in `WikiDatabase.pages(inWiki:)`, as `titles` gives it.
        let hrefs: [String]
    }

    private let published: Published?
    private let hrefs = Mutex<[Key: String]>([:])

    /// No href known yet.
    init() {
        published = nil
    }

    /// The hrefs of every published page of wiki `wikiID` of `database`, where `layout` puts
    /// them, worked out at once on every core.
    init(publishedPagesOf wikiID: String, in database: WikiDatabase, layout: SiteLayout) {
        let pages = database.pages(inWiki: wikiID)
        let home = layout.home(ofWiki: wikiID)
        let hrefs = Concurrently.map(pages.count) { position in
            home.href(to: layout.page(pages[position].title, inWiki: wikiID))
        }
        published = Published(
            wikiID: wikiID, folder: layout.folder(ofWiki: wikiID), titles: database.publishedTitles(inWiki: wikiID),
            hrefs: hrefs)
    }

    /// The href of the page `title` of `wikiID` from `linkingFile`, the files being where
    /// `layout` puts them (the layout the hrefs were made with, if they were made at once).
    func href(of title: PageTitle, inWiki wikiID: String, from linkingFile: SitePath, in layout: SiteLayout) -> String {
        let components = linkingFile.components
        let own = published.flatMap { $0.wikiID.isExactly(wikiID) ? $0 : nil }
        let isInWiki =
            components.count >= 2 && components[0].isExactly(own?.folder ?? layout.folder(ofWiki: wikiID))
        let isInWikiFolder = isInWiki && components.count == 2
        let isInSpecialFolder = isInWiki && components.count == 3 && components[1] == SiteLayout.specialFolder
        guard isInWikiFolder || isInSpecialFolder else {
            return linkingFile.href(to: layout.page(title, inWiki: wikiID))
        }
        let href: String
        if let own, let position = own.titles.position(of: title) {
            href = own.hrefs[position]
        } else {
            href = memoized(title, inWiki: wikiID, in: layout)
        }
        return isInSpecialFolder ? "../" + href : href
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
