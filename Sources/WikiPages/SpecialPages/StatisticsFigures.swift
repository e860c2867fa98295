import Foundation
import WikiDocuments
import WikiModel
import WikiRender

/// The figures of a wiki's statistics page. Drafts count nowhere: they are not pages.
///
/// Worked out once per analysis of a wiki (`WikiAnalysis.statistics`), and kept by the build
/// state between builds: the fast path (`FastPath`) works the next figures out from
/// these and the edited pages, without the rest of the wiki.
package struct StatisticsFigures: Codable, Sendable, Equatable {
    /// A contributor: who saved pages last, and how many.
    struct ContributorFigure: Codable, Sendable, Equatable {
        let name: String
        let pageCount: Int
    }

    /// A conflicted document of the wiki: the wiki's own (no `pageTitle`) or a published page's.
    package struct ConflictFigure: Codable, Sendable, Equatable {
        let documentID: String
        /// The title of the page; nil for the wiki's document.
        let pageTitle: String?
        let winner: String
        let losers: [String]

        /// `conflict`, of the page `pageTitle` (nil: the wiki's document).
        package init(_ conflict: ConflictedDocument, pageTitle: PageTitle?) {
            documentID = conflict.documentID
            self.pageTitle = pageTitle?.text
            winner = conflict.winner.description
            losers = conflict.losers.map(\.description)
        }
    }

    /// Published pages.
    package var pageCount: Int
    /// Words of all pages (`WordCount`: runs of letters and digits of the Markdown).
    var wordCount: Int
    /// Links from a page to another page or to a missing page (`LinkGraph.linkCount`).
    package var linkCount: Int
    /// Of those, the links to pages that do not exist.
    package var missingLinkCount: Int
    /// Titles linked to that have no page.
    package var wantedPageCount: Int
    /// Pages no other page links to.
    package var orphanedPageCount: Int
    /// Who saved the pages last (`updated_by`), most pages first, then by name in byte order.
    /// Pages without `updated_by` are not counted.
    var contributors: [ContributorFigure]
    /// Pages that were saved last by nobody known (no `updated_by`).
    var pagesWithoutContributor: Int
    /// The wiki's own document and its published pages that have conflicting revisions, in byte
    /// order of `_id`. Conflicts of drafts are not listed: drafts are not published.
    var conflicts: [ConflictFigure]

    /// The figures of the pages `pages` (in any order), linked as `graph` says, with `conflicts`:
    /// each with the title of its page, nil for the wiki's own document.
    init(pages: [Page], graph: LinkGraph, conflicts: [(conflict: ConflictedDocument, pageTitle: PageTitle?)]) {
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
        contributors = Self.ordered(pagesByUser.map { ($0.key.value, $0.value) })
        pagesWithoutContributor = anonymous
        self.conflicts = conflicts.map(ConflictFigure.init)
    }

    /// The figures once the document `documentID` (a page's) is in conflict as `conflict` says
    /// (nil: not, or no longer published), the conflicts kept in byte order of `_id`.
    package mutating func settleConflict(ofDocument documentID: String, as conflict: ConflictFigure?) {
        conflicts.removeAll { $0.documentID.isExactly(documentID) }
        guard let conflict else { return }
        let place = conflicts.firstIndex { ExactString(conflict.documentID) < ExactString($0.documentID) }
        conflicts.insert(conflict, at: place ?? conflicts.endIndex)
    }

    /// The figures after a page saved last by `old` (nil: nobody known) and of `oldWords` words
    /// became one saved last by `new` of `newWords` words, its links as they were.
    mutating func replace(savedBy old: String?, words oldWords: Int, with new: String?, words newWords: Int) {
        wordCount += newWords - oldWords
        guard old.map({ name in new.map { name.isExactly($0) } ?? false }) != true else { return }
        var counts = Dictionary(contributors.map { (ExactString($0.name), $0.pageCount) }) { first, _ in first }
        if let old { counts[ExactString(old), default: 0] -= 1 } else { pagesWithoutContributor -= 1 }
        if let new { counts[ExactString(new), default: 0] += 1 } else { pagesWithoutContributor += 1 }
        contributors = Self.ordered(counts.compactMap { $0.value > 0 ? ($0.key.value, $0.value) : nil })
    }

    /// The figures after a page saved last by `name` (nil: nobody known) of `words` words was
    /// published (`delta` 1) or no longer is (`delta` -1), its links counted apart.
    package mutating func count(pageSavedBy name: String?, words: Int, delta: Int) {
        pageCount += delta
        wordCount += words * delta
        guard let name else {
            pagesWithoutContributor += delta
            return
        }
        var counts = Dictionary(contributors.map { (ExactString($0.name), $0.pageCount) }) { first, _ in first }
        counts[ExactString(name), default: 0] += delta
        contributors = Self.ordered(counts.compactMap { $0.value > 0 ? ($0.key.value, $0.value) : nil })
    }

    /// Contributors (name, page count), most pages first, then by name in byte order.
    static func ordered(_ counts: [(name: String, pageCount: Int)]) -> [ContributorFigure] {
        counts.sorted {
            $0.pageCount != $1.pageCount ? $0.pageCount > $1.pageCount : $0.name.precedesInByteOrder($1.name)
        }.map { ContributorFigure(name: $0.name, pageCount: $0.pageCount) }
    }

    /// The figures as the state keeps them.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// Figures the state kept; nil when they do not decode.
    package static func decoded(_ data: Data) -> StatisticsFigures? {
        try? JSONDecoder().decode(StatisticsFigures.self, from: data)
    }
}
