import WikiDocuments
import WikiRender

extension BuildOptions {
    /// The settings of wiki `wikiID`: its `[wikis."<id>"]` table, or the defaults.
    public func settings(forWiki wikiID: String) -> WikiSettings {
        wikiSettings[ExactString(wikiID)] ?? WikiSettings()
    }

    /// How the Markdown of wiki `wikiID` is read and rendered: this build's link style, with the
    /// wiki's raw HTML and CamelCase settings.
    public func markdownOptions(forWiki wikiID: String) -> MarkdownOptions {
        settings(forWiki: wikiID).markdownOptions(linkStyle: linkStyle)
    }
}
