import Foundation
import WikiDocuments
import WikiModel
import WikiRender

/// What a wiki's statistics page shows, as the build state keeps it between builds: a build of
/// edits (`PageEditBuild`) works the next figures out from these and the edited pages, without
/// the rest of the wiki.
struct StatisticsFigures: Codable, Sendable, Equatable {
    /// A contributor: who saved pages last, and how many.
    struct ContributorFigure: Codable, Sendable, Equatable {
        let name: String
        let pageCount: Int
    }

    /// A conflicted document of the wiki: the wiki's own (no `pageTitle`) or a published page's.
    struct ConflictFigure: Codable, Sendable, Equatable {
        let documentID: String
        /// The title of the page; nil for the wiki's document.
        let pageTitle: String?
        let winner: String
        let losers: [String]
    }

    var pageCount: Int
    var wordCount: Int
    var linkCount: Int
    var missingLinkCount: Int
    var wantedPageCount: Int
    var orphanedPageCount: Int
    /// Most pages first, then by name in byte order (`WikiStatistics.contributors`).
    var contributors: [ContributorFigure]
    var pagesWithoutContributor: Int
    /// In byte order of `_id`.
    var conflicts: [ConflictFigure]

    /// The figures of `analysis`.
    init(_ analysis: WikiAnalysis) {
        let statistics = analysis.statistics
        pageCount = statistics.pageCount
        wordCount = statistics.wordCount
        linkCount = statistics.linkCount
        missingLinkCount = statistics.missingLinkCount
        wantedPageCount = statistics.wantedPageCount
        orphanedPageCount = statistics.orphanedPageCount
        contributors = statistics.contributors.map { ContributorFigure(name: $0.name, pageCount: $0.pageCount) }
        pagesWithoutContributor = statistics.pagesWithoutContributor
        conflicts = statistics.conflicts.compactMap { conflict in
            let pageTitle: String?
            if conflict.documentID.isExactly(analysis.wiki.id) {
                pageTitle = nil
            } else {
                guard let page = analysis.pages.first(where: { $0.documentID.isExactly(conflict.documentID) }) else {
                    return nil
                }
                pageTitle = page.title.text
            }
            return ConflictFigure(
                documentID: conflict.documentID, pageTitle: pageTitle, winner: conflict.winner.description,
                losers: conflict.losers.map(\.description))
        }
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

    /// Contributors (name, page count), most pages first, then by name in byte order.
    static func ordered(_ counts: [(name: String, pageCount: Int)]) -> [ContributorFigure] {
        counts.sorted {
            $0.pageCount != $1.pageCount ? $0.pageCount > $1.pageCount : $0.name.precedesInByteOrder($1.name)
        }.map { ContributorFigure(name: $0.name, pageCount: $0.pageCount) }
    }

    /// The figures as the state keeps them.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// Figures the state kept; nil when they do not decode.
    static func decoded(_ data: Data) -> StatisticsFigures? {
        try? JSONDecoder().decode(StatisticsFigures.self, from: data)
    }
}
