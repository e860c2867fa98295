import WikiDocuments
import WikiModel

/// The figures of a wiki's statistics page. Drafts count nowhere: they are not pages.
public struct WikiStatistics: Sendable {
    /// Published pages.
    public let pageCount: Int
    /// Words of all pages (`WordCount`: runs of letters and digits of the Markdown).
    public let wordCount: Int
    /// Links from a page to another page or to a missing page (`LinkGraph.linkCount`).
    public let linkCount: Int
    /// Of those, the links to pages that do not exist.
    public let missingLinkCount: Int
    /// Titles linked to that have no page.
    public let wantedPageCount: Int
    /// Pages no other page links to.
    public let orphanedPageCount: Int
    /// Who saved the pages last (`updated_by`), most pages first, then by name in byte order.
    /// Pages without `updated_by` are not counted.
    public let contributors: [Contributor]
    /// Pages that were saved last by nobody known (no `updated_by`).
    public let pagesWithoutContributor: Int
    /// The wiki's own document and its published pages that have conflicting revisions, in
    /// byte order of `_id`. Conflicts of drafts are not listed: drafts are not published.
    public let conflicts: [ConflictedDocument]

    /// The statistics of the pages `pages` (in any order), linked as `graph` says, with the
    /// conflicts among them.
    init(pages: [Page], graph: LinkGraph, conflicts: [ConflictedDocument]) {
        pageCount = pages.count
        wordCount = graph.pageTitles.indices.reduce(0) { $0 + graph.outline(at: $1).wordCount }
        linkCount = graph.linkCount
        missingLinkCount = graph.missingLinkCount
        wantedPageCount = graph.missingTitles.count
        orphanedPageCount = graph.pageTitles.indices.count { graph.backlinkCount(ofPageAt: $0) == 0 }
        var pagesByUser: [ExactString: Int] = [:]
        var anonymous = 0
        for page in pages {
            if let user = page.updatedBy {
                pagesByUser[ExactString(user), default: 0] += 1
            } else {
                anonymous += 1
            }
        }
        contributors = StatisticsFigures.ordered(pagesByUser.map { ($0.key.value, $0.value) }).map {
            Contributor(name: $0.name, pageCount: $0.pageCount)
        }
        pagesWithoutContributor = anonymous
        self.conflicts = conflicts
    }
}

/// Someone who saved pages of a wiki.
public struct Contributor: Sendable {
    /// The user's name as `updated_by` gives it.
    public let name: String
    /// How many pages they saved last.
    public let pageCount: Int
}
