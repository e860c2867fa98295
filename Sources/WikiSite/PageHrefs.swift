import Synchronization
import WikiDocuments
import WikiModel

/// The hrefs of a wiki's pages from the files of the wiki's own folder (its pages and its home),
/// worked out once per title for a whole build. Pages link to a few popular pages over and over,
/// and a page's file name takes Unicode normalisation, a case check and percent-encoding to
/// make: a build asks for the same href thousands of times. Thread-safe.
final class PageHrefs: Sendable {
    private struct Key: Hashable {
        let wikiID: ExactString
        let title: PageTitle
    }

    private let hrefs = Mutex<[Key: String]>([:])

    /// No href known yet.
    init() {}

    /// The href of the page `title` of `wikiID` from any file in the folder of that wiki's pages
    /// and home, that folder being where `layout` puts it (the href, relative within the folder,
    /// is the same whatever the folder's name).
    func hrefInWikiFolder(of title: PageTitle, inWiki wikiID: String, in layout: SiteLayout) -> String {
        let key = Key(wikiID: ExactString(wikiID), title: title)
        if let href = hrefs.withLock({ $0[key] }) { return href }
        let href = layout.home(ofWiki: wikiID).href(to: layout.page(title, inWiki: wikiID))
        hrefs.withLock { $0[key] = href }
        return href
    }
}
