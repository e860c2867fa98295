import WikiModel
import WikiRender

/// Turns a wikilink's target into an href: the URL is a function of the wiki and the title,
/// so resolving asks the database only whether the page exists (for the `missing` style).
package struct WikiLinkResolver {
    /// The wiki the links are in; links never leave their wiki.
    let wikiID: String
    /// The file the links are written in, for relative hrefs.
    let linkingFile: SitePath
    /// Where the wiki's pages are.
    let siteLayout: SiteLayout
    /// Whether a published page has this title in the wiki.
    let exists: (PageTitle) -> Bool
    /// The hrefs worked out so far.
    let hrefs: PageHrefs

    package func resolve(_ target: WikilinkTarget) -> ResolvedLink {
        guard let title = target.title else { return ResolvedLink(href: "", exists: true) }
        return ResolvedLink(
            href: hrefs.href(of: title, inWiki: wikiID, from: linkingFile, in: siteLayout), exists: exists(title))
    }

    /// A resolver of the links of `linkingFile` in `wikiID`, with the pages of `siteLayout`,
    /// `exists` telling which titles have a page, and `hrefs` worked out so far.
    package init(
        wikiID: String, linkingFile: SitePath, siteLayout: SiteLayout, exists: @escaping (PageTitle) -> Bool,
        hrefs: PageHrefs
    ) {
        self.wikiID = wikiID
        self.linkingFile = linkingFile
        self.siteLayout = siteLayout
        self.exists = exists
        self.hrefs = hrefs
    }
}
