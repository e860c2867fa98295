import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiSite

@testable import WikiConfiguration

/// The proof of incremental builds of several sources: the documents of random edit sequences
/// are spread over two dumps (some in one, some in the other, some in both, some in both with
/// the first dump's copy left behind at an older revision), and after every step an incremental
/// build's site is byte for byte the one a clean build of the same dumps makes.
///
/// A failure names the seed; `WIKISITE_SEED=<seed> swift test --filter SeveralSourcesRandomTests`
/// replays the sequences from it.
@Suite("Incremental builds of several sources equal clean builds")
struct SeveralSourcesRandomTests {
    /// Where a document is: in the first dump, the second, both, or both with the first dump's
    /// copy left at the leaves it had when it was placed so (its edits since reach the second
    /// dump only, and the two sources' leaves are merged as a replica merges them).
    enum Placement {
        case first, second, both
        case behindInFirst([[String: Any]])

        /// What a failure message calls it.
        var name: String {
            switch self {
            case .first: "the first dump"
            case .second: "the second dump"
            case .both: "both dumps"
            case .behindInFirst: "both dumps, the first left behind"
            }
        }

        /// A placement drawn at random for a document whose leaves are `leaves` now.
        static func random(leaves: [[String: Any]], using random: inout SplitMix64) -> Placement {
            [.first, .second, .both, .behindInFirst(leaves)].randomElement(using: &random)!
        }

        /// The leaves the dump `number` (0 or 1) holds of a document placed here whose leaves
        /// are `leaves`.
        func leaves(inDump number: Int, of leaves: [[String: Any]]) -> [[String: Any]] {
            switch self {
            case .first: number == 0 ? leaves : []
            case .second: number == 1 ? leaves : []
            case .both: leaves
            case .behindInFirst(let older): number == 0 ? older : leaves
            }
        }
    }

    static let sequenceCount = 60
    static let stepsPerSequence = 3

    /// The seeds of the sequences: 1…60, or from `WIKISITE_SEED` on.
    static let seeds = RandomizedProof.seeds(sequenceCount)

    /// One sequence per seed. A step makes one of the edits of `IncrementalBuildTests`, or
    /// moves a document to another dump (it leaves one source and comes from another). Every
    /// build after the first is an incremental one, and its site is the clean build's.
    @Test(arguments: seeds)
    func randomEditSequencesOfTwoDumpsBuildWhatACleanBuildBuilds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        let templates = folder.path("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        var database = EditableDatabase(using: &random)
        var placements: [String: Placement] = [:]
        let dumps = [folder.path("first.json"), folder.path("second.json")]
        try write(database, placing: &placements, into: dumps, using: &random)
        var options = BuildOptions(sources: dumps, outputFolder: folder.path("site"), templatesFolder: templates)
        options.includesDrafts = RandomizedProof.includesDrafts(seed: seed)
        _ = try SiteBuilder(options: options).build()

        var applied: [String] = []
        for step in 1...Self.stepsPerSequence {
            if random.next() % 4 == 0, let moved = database.documents.keys.sorted().randomElement(using: &random) {
                placements[moved] = .random(leaves: database.documents[moved]!.leaves, using: &random)
                applied.append("move \(moved) to \(placements[moved]!.name)")
            } else {
                let edit = IncrementalBuildTests.Edit.allCases.randomElement(using: &random)!
                applied.append(
                    try IncrementalBuildTests().apply(
                        edit, to: &database, templates: templates, step: step, using: &random))
            }
            try write(database, placing: &placements, into: dumps, using: &random)
            guard
                try RandomizedProof.incrementalBuildMatchesACleanBuild(
                    of: options, in: folder, seed: seed, step: step, applied: applied)
            else { return }
        }
    }

    /// Writes the two dumps of `database`, a document where `placements` puts it; a document
    /// seen for the first time is placed at random.
    func write(
        _ database: EditableDatabase, placing placements: inout [String: Placement], into dumps: [String],
        using random: inout SplitMix64
    ) throws {
        for id in database.documents.keys.sorted() where placements[id] == nil {
            placements[id] = .random(leaves: database.documents[id]!.leaves, using: &random)
        }
        for (number, path) in dumps.enumerated() {
            let placed = placements
            let text = try database.dump(picking: { placed[$0]!.leaves(inDump: number, of: $1) })
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
