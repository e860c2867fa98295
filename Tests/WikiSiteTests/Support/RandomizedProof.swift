import Foundation
import TemporaryFolders
import Testing
import WikiSite

@testable import WikiConfiguration

/// What the randomized proofs of incremental builds share: their seeds, and the comparison of a
/// site with a clean build of the same documents.
enum RandomizedProof {
    /// The seeds of a proof of `count` sequences: 1…`count`, or `count` of them from
    /// `WIKISITE_SEED` on (which replays a failure).
    static func seeds(_ count: Int) -> [UInt64] {
        let first = UInt64(ProcessInfo.processInfo.environment["WIKISITE_SEED"] ?? "") ?? 1
        return Array(first..<first + UInt64(count))
    }

    /// Whether the sequence of `seed` includes drafts: half the sequences, picked apart from the
    /// parity that picks a dump's form, so that each form is built both ways.
    static func includesDrafts(seed: UInt64) -> Bool {
        seed % 4 >= 2
    }

    /// Builds `options` incrementally, then records an issue naming `seed`, `step` and the edits
    /// `applied` so far when the build was a full one, or when its site differs from a clean
    /// build's; returns whether the sites are the same.
    static func incrementalBuildMatchesACleanBuild(
        of options: BuildOptions, in folder: TemporaryFolder, seed: UInt64, step: Int, applied: [String]
    ) throws -> Bool {
        var options = options
        options.fullBuild = false
        let summary = try SiteBuilder(options: options).build()
        #expect(
            summary.fullBuildReason == nil, "seed \(seed), step \(step): \(String(describing: summary.fullBuildReason))"
        )
        let differences = try differencesFromACleanBuild(of: options, in: folder, step: step)
        guard differences.isEmpty else {
            Issue.record(
                """
                seed \(seed), step \(step), edits \(applied.joined(separator: " → ")): the incremental build \
                differs from a clean one in \(differences.map(\.description).joined(separator: "; "))
                """)
            return false
        }
        return true
    }

    /// How the site `options` built differs from a clean build of the same sources, made into
    /// `clean-<step>` of `folder` with a state of its own.
    static func differencesFromACleanBuild(
        of options: BuildOptions, in folder: TemporaryFolder, step: Int
    ) throws -> [SiteDifference] {
        var clean = options
        clean.outputFolder = folder.path("clean-\(step)")
        clean.stateFolder = folder.path("clean-state-\(step)")
        _ = try SiteBuilder(options: clean).build()
        return try SiteComparison.differences(between: options.outputFolder, and: clean.outputFolder)
    }
}
