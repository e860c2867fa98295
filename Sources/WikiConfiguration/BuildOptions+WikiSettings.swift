import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources

extension BuildOptions {
    /// The settings of wiki `wikiID`: its `[wikis."<id>"]` table, or the defaults.
    public func settings(forWiki wikiID: String) -> WikiSettings {
        wikiSettings[ExactString(wikiID)] ?? WikiSettings()
    }

    /// The IDs of the wikis read from folders of Markdown among the sources, in byte order.
    public var folderWikiIDs: [String] {
        let ids = sources.compactMap { name in
            MarkdownFolderSource.folder(named: name).flatMap { folder in
                try? MarkdownFolderSource(
                    folder: folder, wikiID: markdownFolder.wikiID, wikiTitle: markdownFolder.wikiTitle
                ).resolvedWikiID()
            }
        }
        return ids.sorted { $0.precedesInByteOrder($1) }
    }

    /// How the links of wiki `wikiID` name its pages: its setting, else `obsidian` for a wiki
    /// read from a folder of Markdown and `exact` for any other.
    public func linkMatching(forWiki wikiID: String) -> LinkMatching {
        settings(forWiki: wikiID).linkMatching
            ?? (folderWikiIDs.contains { $0.isExactly(wikiID) } ? .obsidian : .exact)
    }

    /// Whether the pages of wiki `wikiID` are notes in folders, which have pages (`FolderTree`):
    /// when its links are matched as Obsidian does, as a folder's are by default. So a vault
    /// read from its folder, or imported into a store and matched the same way, makes one site.
    public func hasFolders(_ wikiID: String) -> Bool {
        linkMatching(forWiki: wikiID) == .obsidian
    }

    /// How the Markdown of wiki `wikiID` of `database` is read and rendered: this build's link
    /// style, with the wiki's raw HTML, CamelCase and dialect settings, and its links matched to
    /// the pages of `database` as its link matching says: by `names` when given (the fast path
    /// knows them from the state, its `database` holding only the documents it reads).
    package func markdownOptions(
        forWiki wikiID: String, in database: WikiDatabase, names: NoteNames? = nil
    ) -> MarkdownOptions {
        var markdown = settings(forWiki: wikiID).markdownOptions(linkStyle: linkStyle)
        if linkMatching(forWiki: wikiID) == .obsidian {
            markdown.titleMatching = names ?? NoteNames(titles: database.pages(inWiki: wikiID).map(\.title))
        }
        return markdown
    }
}
