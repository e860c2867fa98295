import Foundation
import TemporaryFolders
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
