import WikiDocuments
import WikiModel

/// The folder of every published wiki: its slug, or the name made from its ID.
public struct WikiFolders: Sendable {
    private let folders: [ExactString: String]

    /// Folders without slugs: every wiki's folder is the name made from its ID.
    public init() {
        folders = [:]
    }

    /// The folders `folders` gives, by wiki ID; every other wiki's folder is the name made from
    /// its ID. Folders read from a configuration are checked first (`init(wikiIDs:settings:)`).
    package init(folders: [ExactString: String]) {
        self.folders = folders
    }

    /// The folder of the published wiki `wikiID`; the name made from the ID for a wiki these
    /// folders were not made for.
    public func folder(ofWiki wikiID: String) -> String {
        folders[ExactString(wikiID)] ?? SitePaths.wikiFolder(wikiID)
    }
}
