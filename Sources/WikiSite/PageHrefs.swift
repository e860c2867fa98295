import Synchronization
import WikiDocuments
import WikiModel

/// The hrefs of a wiki's pages, worked out once per title for a whole build when they are asked
/// from a file of the wiki's own folder (its pages and its home), where the href of a page is
/// the same whichever file asks, or of its special folder, where it is the same with `../` in
/// front. Pages link to a few popular pages over and over, and the lists of the special pages
/// name every page; a page's file name takes Unicode normalisation, a case check and
/// percent-encoding to make: a build asks for the same href thousands of times. Thread-safe.
final class PageHrefs: Sendable {
    private struct Key: Hashable {
        let wikiID: ExactString
        let title: PageTitle
    }

    private let hrefs = Mutex<[Key: String]>([:])

    /// No href known yet.
    init() {}

    /// The href of the page `title` of `wikiID` from `linkingFile`, the files being where
    /// `layout` puts them.
    func href(of title: PageTitle, inWiki wikiID: String, from linkingFile: SitePath, in layout: SiteLayout) -> String {
        let components = linkingFile.components
        let isInWiki = components.count >= 2 && components[0].isExactly(layout.folder(ofWiki: wikiID))
        let isInWikiFolder = isInWiki && components.count == 2
        let isInSpecialFolder = isInWiki && components.count == 3 && components[1] == SiteLayout.specialFolder
        guard isInWikiFolder || isInSpecialFolder else {
            return linkingFile.href(to: layout.page(title, inWiki: wikiID))
        }
        let key = Key(wikiID: ExactString(wikiID), title: title)
        let href: String
        if let known = hrefs.withLock({ $0[key] }) {
            href = known
        } else {
            href = layout.home(ofWiki: wikiID).href(to: layout.page(title, inWiki: wikiID))
            hrefs.withLock { $0[key] = href }
        }
        return isInSpecialFolder ? "../" + href : href
    }
}
