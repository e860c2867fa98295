import Synchronization
import WikiWrite

/// Writes the files of one build into the output folder and keeps the manifest of what the
/// build produced, so the files an earlier build made and this one no longer produces are
/// removed, and files wikisite did not make are never touched.
final class SiteWriter: Sendable {
    /// How many files a build wrote, left alone and removed.
    struct Outcome {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    private let folder: OutputFolder
    private let stateFolder: String
    private let previous: Manifest
    private let produced = Mutex(Manifest())
    private let outcome = Mutex(Outcome())

    /// Opens the output folder; `interrupted` says the previous build was killed, whose
    /// temporary files are then swept away.
    init(outputFolder: String, stateFolder: String, previousBuildWasInterrupted interrupted: Bool) throws {
        folder = try OutputFolder(root: outputFolder)
        self.stateFolder = stateFolder
        previous = try Manifest.load(fromStateFolder: stateFolder)
        if interrupted { _ = try folder.removeStaleTemporaryFiles() }
    }

    /// Puts `bytes` at `path` (not at all when the file already holds them). Thread-safe.
    func write(_ bytes: [UInt8], to path: SitePath) throws {
        let relative = path.description
        let result = try folder.write(bytes, to: relative)
        produced.withLock { $0.record(relative, hash: ContentHash(of: bytes)) }
        outcome.withLock {
            if result == .written {
                $0.written += 1
            } else {
                $0.unchanged += 1
            }
        }
    }

    /// Puts the UTF-8 of `text` at `path`.
    func write(_ text: String, to path: SitePath) throws {
        try write(Array(text.utf8), to: path)
    }

    /// Removes what the previous build made and this one did not, then records this build's
    /// manifest. Called once every file is in place, so the manifest never describes files
    /// that are not there.
    func finish() throws -> Outcome {
        let manifest = produced.withLock { $0 }
        var removed = 0
        for path in previous.pathsNoLongerProduced(by: manifest) {
            if try folder.remove(path, expecting: previous[path]) == .removed { removed += 1 }
        }
        try manifest.save(toStateFolder: stateFolder)
        return outcome.withLock {
            $0.removed = removed
            return $0
        }
    }

    /// After a failed build: records every file either build made, so a later build can still
    /// remove the ones it no longer needs.
    func abandon() {
        let manifest = produced.withLock { $0 }
        try? previous.merging(manifest).save(toStateFolder: stateFolder)
    }
}
