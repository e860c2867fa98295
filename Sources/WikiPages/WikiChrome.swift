import WikiDocuments
import WikiModel
import WikiRender

/// What every file of a wiki shows around its content: the layout (document title,
/// breadcrumbs, stylesheet) and the links to the wiki's special pages.
package struct WikiChrome: Sendable {
    let wiki: Wiki
    /// The theme's words in the wiki's language.
    package let strings: ThemeStrings
    /// Where the files of the site are.
    let siteLayout: SiteLayout
    /// Absolute URLs for the `<head>` of every file; `nil` when the build has no base URL.
    let discovery: SiteDiscovery?
    /// Whether the wiki's files have a search box.
    let searchable: Bool
    /// A short note per special page (`1,012 pages`), shown next to its link on the home.
    let specialPageDetails: [SpecialPage: String]
    /// In a wiki read from a folder of Markdown, its folders (`with(folders:)`); nil in any other
    /// wiki.
    package private(set) var folders: FolderTree?
    /// The wiki's folder, where its pages and its home are.
    private let folder: String
    /// The hrefs every file of the wiki's folder shows, the same for each: worked out once.
    private let folderHrefs: WikiFileHrefs

    /// The chrome of `analysis`'s wiki, its files where `siteLayout` puts them, with the
    /// `<head>` links of `discovery` when there is one, with a search box when `searchable`, in
    /// the words of `strings`.
    package init(
        _ analysis: WikiAnalysis, siteLayout: SiteLayout, discovery: SiteDiscovery?, searchable: Bool,
        strings: ThemeStrings
    ) {
        self.init(
            wiki: analysis.wiki, figures: analysis.statistics, siteLayout: siteLayout, discovery: discovery,
            searchable: searchable, strings: strings)
    }

    /// The chrome of `wiki`, whose statistics are `figures` (its home counts its pages, wanted
    /// pages and orphaned pages from them); with a search box when `searchable`, in the words of
    /// `strings`.
    package init(
        wiki: Wiki, figures: StatisticsFigures, siteLayout: SiteLayout, discovery: SiteDiscovery?, searchable: Bool,
        strings: ThemeStrings
    ) {
        let (pageCount, wantedPageCount, orphanedPageCount) =
            (figures.pageCount, figures.wantedPageCount, figures.orphanedPageCount)
        self.wiki = wiki
        self.strings = strings
        self.searchable = searchable
        self.siteLayout = siteLayout
        self.discovery = discovery
        folder = siteLayout.folder(ofWiki: wiki.id)
        folderHrefs = WikiFileHrefs(from: siteLayout.home(ofWiki: wiki.id), of: wiki.id, in: siteLayout)
        specialPageDetails = [
            .allPages: strings.phrase("all_pages_detail", ["pages": strings.pageCount(pageCount)]),
            .recentChanges: strings["recent_changes_detail"],
            .newPages: strings["new_pages_detail"],
            .wantedPages: strings.count(wantedPageCount, "wanted_pages_detail"),
            .orphanedPages: strings.count(orphanedPageCount, "orphaned_pages_detail"),
            .statistics: strings["statistics_detail"],
            .tags: strings["tags_detail"],
        ]
    }

    /// This chrome in a wiki read from a folder of Markdown, whose folders are `folders`; nil
    /// for any other wiki.
    package func with(folders: FolderTree?) -> WikiChrome {
        var chrome = self
        chrome.folders = folders
        return chrome
    }

    /// The layout of the file at `path`; `title` is the file's own title, nil on the home.
    /// The breadcrumbs lead from the list of wikis to the wiki's home, then to the file.
    func layout(at path: SitePath, title: String?) -> LayoutView {
        let hrefs = hrefs(from: path)
        var breadcrumbs = [
            Breadcrumb(title: strings["site_index_title"], href: hrefs.siteIndex),
            Breadcrumb(title: wiki.title, href: title == nil ? nil : hrefs.home),
        ]
        if let title { breadcrumbs.append(Breadcrumb(title: title, href: nil)) }
        var layout = LayoutView(
            documentTitle: title.map { "\($0) – \(wiki.title)" } ?? wiki.title,
            siteTitle: wiki.title, siteHref: hrefs.home,
            stylesheetHref: hrefs.stylesheet, breadcrumbs: breadcrumbs, strings: strings)
        if searchable {
            layout.searchScriptHrefs = hrefs.searchScripts
            layout.searchIndexHref = hrefs.searchIndex
        }
        if folders != nil {
            layout.folderTreeHref = path.href(to: siteLayout.folderTreeScript(ofWiki: wiki.id))
            let wikiFolder = String(hrefs.home.dropLast("index.html".count))
            layout.wikiFolderHref = wikiFolder.isEmpty ? "./" : wikiFolder
            layout.sidebarScriptHref = hrefs.sidebarScript
        }
        if let links = discovery?.headLinks(for: path, inWiki: wiki) {
            layout.canonicalURL = links.canonicalURL
            layout.feedURL = links.feedURL
            layout.feedTitle = links.feedTitle
        }
        return layout
    }

    /// The layout of the file at `path` of the note `title` (shown as `shownTitle`), or of the
    /// folder at the path `title`: in a folder wiki, its breadcrumbs lead through the folders it
    /// is in, each linked to its folder page.
    func layout(at path: SitePath, title shownTitle: String, inFoldersOf title: String) -> LayoutView {
        var layout = layout(at: path, title: shownTitle)
        guard folders != nil else { return layout }
        let steps = FolderTree.folderPaths(of: title).map { folder in
            Breadcrumb(
                title: FolderTree.lastName(of: folder),
                href: path.href(to: siteLayout.folderPage(folder, ofWiki: wiki.id)))
        }
        layout.breadcrumbs.insert(contentsOf: steps, at: layout.breadcrumbs.count - 1)
        return layout
    }

    /// What `folder` of the wiki's folders holds, as the file at `path` links to it: its
    /// subfolders linked to their pages, its first `noteLimit` notes (all when nil) by name linked
    /// to theirs (`hrefs`). Made once for the tree (`FolderTree.listings`).
    func contents(
        of folder: FolderTree.Folder, from path: SitePath, hrefs: PageHrefs, noteLimit: Int? = nil
    ) -> FolderContents {
        let key = FolderContentsMemo.Key(
            folder: ExactString(folder.path), wikiFolder: ExactString(siteLayout.folder(ofWiki: wiki.id)),
            linkingFile: ExactString(path.description), noteLimit: noteLimit)
        let make = { listing(of: folder, from: path, hrefs: hrefs, noteLimit: noteLimit) }
        guard let listings = folders?.listings else { return make() }
        return listings.contents(for: key, making: make)
    }

    /// `contents(of:from:hrefs:noteLimit:)`'s work.
    private func listing(
        of folder: FolderTree.Folder, from path: SitePath, hrefs: PageHrefs, noteLimit: Int?
    ) -> FolderContents {
        let listed = folder.notes.prefix(noteLimit ?? folder.notes.count)
        let noteHrefs = hrefs.hrefs(of: Array(listed), inWiki: wiki.id, from: path, in: siteLayout)
        return FolderContents(
            folders: folder.subfolders.compactMap { folders?.folders[$0] }.map { subfolder in
                PageListEntry(
                    title: subfolder.name, href: path.href(to: siteLayout.folderPage(subfolder.path, ofWiki: wiki.id)))
            },
            notes: zip(listed, noteHrefs).map { note, href in
                PageListEntry(title: FolderTree.lastName(of: note.text), href: href)
            },
            notesLeftOut: folder.notes.count - listed.count)
    }

    /// The hrefs of the wiki's home and lists, the site's index and the stylesheet from the file
    /// at `path`: those worked out once when the file is in the wiki's folder.
    func hrefs(from path: SitePath) -> WikiFileHrefs {
        let components = path.components
        guard components.count == 2, components[0].isExactly(folder) else {
            return WikiFileHrefs(from: path, of: wiki.id, in: siteLayout)
        }
        return folderHrefs
    }

    /// A link from `path` to every special page of the wiki, `current` marked, each with its
    /// detail when `detailed`. Only the home shows the details: the home is written again
    /// whenever a page changes, while a special file showing them would change with every page
    /// created or deleted (their counts), and so would every special file.
    func specialPageLinks(from path: SitePath, current: SpecialPage?, detailed: Bool) -> [SpecialPageLink] {
        SpecialPage.allCases.map { page in
            SpecialPageLink(
                title: title(of: page), href: path.href(to: siteLayout.special(page, ofWiki: wiki.id)),
                detail: detailed ? specialPageDetails[page] : nil, isCurrent: page == current)
        }
    }

    /// The header of the special page `page`, at `path`: links to the others, without details.
    func header(of page: SpecialPage, at path: SitePath) -> SpecialPageHeader {
        SpecialPageHeader(
            title: title(of: page), wikiTitle: wiki.title,
            wikiHomeHref: path.href(to: siteLayout.home(ofWiki: wiki.id)),
            specialPages: specialPageLinks(from: path, current: page, detailed: false))
    }

    /// The name of the special page `page` in the wiki's language.
    func title(of page: SpecialPage) -> String {
        strings[page.stringsKey]
    }

    /// A time as the pages show it, in the wiki's language.
    func displayed(_ time: Timestamp) -> DisplayedTime {
        DisplayedTime(display: strings.dateTime(time), datetime: time.text)
    }
}

/// The hrefs of the files every file of a wiki links to, from one file: the wiki's home, its
/// list of all pages and its recent changes, the site's index, the stylesheet, the search and
/// sidebar scripts, and the wiki's search index.
package struct WikiFileHrefs: Sendable {
    let home: String
    let allPages: String
    let recentChanges: String
    let siteIndex: String
    let stylesheet: String
    /// The search scripts, in the order the pages load them.
    let searchScripts: [String]
    let sidebarScript: String
    /// The wiki's search index (`meta.js` of its `_search` folder).
    let searchIndex: String

    /// The hrefs from the file at `path`, the files of wiki `wikiID` being where `siteLayout`
    /// puts them.
    init(from path: SitePath, of wikiID: String, in siteLayout: SiteLayout) {
        home = path.href(to: siteLayout.home(ofWiki: wikiID))
        allPages = path.href(to: siteLayout.allPages(ofWiki: wikiID))
        recentChanges = path.href(to: siteLayout.special(.recentChanges, ofWiki: wikiID))
        siteIndex = path.href(to: SiteLayout.siteIndex)
        stylesheet = path.href(to: SiteLayout.stylesheet)
        searchScripts = ThemeTemplate.searchScriptFileNames.map { path.href(to: SiteLayout.searchScript(named: $0)) }
        sidebarScript = path.href(to: SiteLayout.sidebarScript)
        searchIndex = path.href(
            to: SitePath(components: [siteLayout.folder(ofWiki: wikiID), WikiSearchFiles.folder, "meta.js"]))
    }

    /// The hrefs of the wiki's navigation, as the views take them.
    var links: WikiLinks {
        WikiLinks(
            wikiHomeHref: home, allPagesHref: allPages, recentChangesHref: recentChanges, siteIndexHref: siteIndex)
    }
}
