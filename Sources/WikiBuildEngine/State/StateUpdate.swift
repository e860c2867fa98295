import Foundation
import GRDB
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources
import WikiWrite

/// What the state keeps of a page besides its fingerprint and outline: what the lists by date
/// and the statistics show of it. A reference (the model's page itself, or values read from the
/// state): a full build keeps the details of every page for its commit, and 100,000 of them as
/// values would be 13 MiB more at the build's peak.
package protocol PageDetails: AnyObject, Sendable {
    var documentID: String { get }
    var createdAt: Timestamp? { get }
    var updatedAt: Timestamp? { get }
    var updatedBy: String? { get }
}

extension Page: PageDetails {}

/// The details of a page as the state keeps them.
package final class StoredPageDetails: PageDetails {
    package let documentID: String
    package let createdAt: Timestamp?
    package let updatedAt: Timestamp?
    package let updatedBy: String?

    init(documentID: String, createdAt: Timestamp?, updatedAt: Timestamp?, updatedBy: String?) {
        self.documentID = documentID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}

/// What a build tells the state once its files are in place.
package struct StateUpdate {
    /// An update that records nothing yet but the build's `settings`, and whether it replaces
    /// everything: a build fills it in as it writes.
    package init(replacesEverything: Bool = false, settings: [String: String] = [:]) {
        self.replacesEverything = replacesEverything
        self.settings = settings
    }

    /// A page as the state keeps it: its fingerprint, its outline, and what the lists by date
    /// show of it.
    struct PageRecord {
        let wikiID: String
        let title: PageTitle
        let fingerprint: Int64
        let outline: PageOutline
        let details: any PageDetails
    }

    /// Whether the update describes the whole site (a full build): everything else is forgotten.
    var replacesEverything = false
    /// What shaped the files (`BuildShape.settings`).
    var settings: [String: String] = [:]
    /// Where each source's reading ended, as JSON text, by source name.
    package var checkpoints: [String: String] = [:]
    /// The ledger of each source without sequences the build read (a dump, a folder), by source
    /// name: they replace every earlier one.
    package var ledgers: [String: SourceLedger] = [:]
    /// Wikis no longer published, by ID.
    package var removedWikis: [String] = []
    /// Wikis published, new or changed.
    var wikis: [BuildState.StoredWiki] = []
    /// Pages no longer published.
    var removedPages: [(wikiID: String, title: PageTitle)] = []
    /// Pages published whose record or outline is new or changed.
    var pages: [PageRecord] = []
    /// The digests of the special files of each wiki whose special pages were rendered, by path
    /// (files without a digest are not listed): they replace the wiki's earlier digests.
    package var specialFileDigests: [(wikiID: String, digests: [String: Int64])] = []
    /// The digests of some special files of a wiki, by path, in place of their earlier ones (the
    /// other files' stay).
    var changedSpecialFileDigests: [(wikiID: String, digests: [String: Int64])] = []
    /// Special files of a wiki no longer made, by path: their digests are forgotten.
    var removedSpecialFiles: [(wikiID: String, path: String)] = []
    /// The lists cut at their titles of each wiki whose special pages were all worked out: they
    /// replace the wiki's earlier ones.
    package var titledLists: [(wikiID: String, lists: StoredTitledLists)] = []
    /// Files of a list cut at its titles cut again: the files `removed` (by first key) give way to
    /// `added`.
    var changedListParts: [(wikiID: String, list: SpecialPage, removed: [[UInt8]], added: [StoredListPart])] = []
    /// The letter index of all pages of a wiki whose list was cut again, in place of the earlier.
    var letterIndexes: [(wikiID: String, starts: [LetterStart])] = []
    /// The sitemap files of each wiki whose sitemaps were all cut: they replace the wiki's
    /// earlier ones.
    package var sitemaps: [(wikiID: String, parts: [StoredSitemapPart])] = []
    /// Sitemap files of a wiki cut again: the files `removed` (by first key) give way to `added`.
    var changedSitemapParts: [(wikiID: String, removed: [String], added: [StoredSitemapPart])] = []
    /// The aliases of each wiki whose pages were analysed: they replace the wiki's earlier ones.
    var aliases: [(wikiID: String, aliases: BuildState.StoredAliases)] = []
    /// The aliases a fast path build touched, each with the pages that give it now: their rows
    /// replace the wiki's earlier rows of those aliases.
    var changedAliases: [(wikiID: String, aliases: [FastPath.GivenAlias])] = []
    /// The tags of each wiki whose pages were analysed, page by page (`WikiTags.memberships`):
    /// they replace the wiki's earlier ones.
    var tags: [(wikiID: String, pages: [(page: PageTitle, tags: [WikiTag])])] = []
    /// The pages a fast path build retagged: their rows replace the pages' earlier ones.
    var retaggedPages: [(wikiID: String, retaggings: [BuildState.Retagging])] = []
    /// The files of its folder each page and the home of each folder wiki whose pages were
    /// analysed show (`WikiAnalysis.folderFilesByPage`, `WikiAnalysis.homeFolderFiles`, paths in
    /// the output folder): they replace the wiki's earlier ones.
    package var folderFiles: [(wikiID: String, namers: [(namer: BuildState.FolderFileNamer, paths: [String])])] = []
    /// The pages and homes a fast path build refiled (whose files changed): their rows replace
    /// their earlier ones.
    var refiledNamers: [(wikiID: String, refilings: [BuildState.Refiling])] = []
    /// What the fast path changed of the search index of each wiki whose index it changed.
    var searchIndexes: [SearchIndexChange] = []
    /// The wikis whose whole search index the build made: recorded as it was made
    /// (`RecordedSearchIndex`), and kept when the update replaces everything.
    package var recordedSearchIndexes: [String] = []
    /// The statistics of each wiki whose pages changed.
    var statistics: [(wikiID: String, figures: StatisticsFigures)] = []
    /// The files the build made (wrote, or found unchanged), with their hashes.
    var outputs = Manifest()
    /// The files of earlier builds it no longer makes: off the record.
    var removedOutputs: [String] = []
}
