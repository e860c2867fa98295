import Synchronization
import WikiWrite

/// Writes the files of one build into the output folder and keeps the manifest of what the
/// builds produced, so the files an earlier build made and this one retires are removed, and
/// files wikisite did not make are never touched.
///
/// A full build retires everything (`retireEverything`): whatever the previous build made and
/// this one does not write is removed. An incremental build writes some files, leaves the others
/// of the previous manifest as they are, and retires only what a change took away (a deleted
/// page's file, a removed wiki's folder, the parts of a list that got shorter).
final class SiteWriter: Sendable {
    /// How many files a build wrote, left alone and removed, and each with its cause.
    struct Outcome {
        var written = 0
        var unchanged = 0
        var removed = 0
        /// Every file written, found unchanged or removed, with its cause.
        var outputs: [ExplainedOutput] = []
    }

    /// Files or folders a build no longer produces, unless it writes them again.
    private struct Retired {
        var everything: String?
        var paths: [String: String] = [:]
        var matching: [(matches: @Sendable (String) -> Bool, cause: String)] = []
    }

    private let folder: OutputFolder
    private let stateFolder: String
    private let previous: Manifest
    private let produced = Mutex(Manifest())
    private let outcome = Mutex(Outcome())
    private let retired = Mutex(Retired())

    /// Opens the output folder; `interrupted` says the previous build was killed, whose
    /// temporary files are then swept away.
    init(outputFolder: String, stateFolder: String, previousBuildWasInterrupted interrupted: Bool) throws {
        folder = try OutputFolder(root: outputFolder)
        self.stateFolder = stateFolder
        previous = try Manifest.load(fromStateFolder: stateFolder)
        if interrupted { _ = try folder.removeStaleTemporaryFiles() }
    }

    /// Puts `bytes` at `path` (not at all when the file already holds them), because of
    /// `cause`. Thread-safe.
    func write(_ bytes: [UInt8], to path: SitePath, because cause: String) throws {
        let relative = path.description
        let result = try folder.write(bytes, to: relative)
        record(result, of: relative, hash: ContentHash(of: bytes), because: cause)
    }

    /// Puts the UTF-8 of `text` at `path`, because of `cause`: the text's own bytes, not a copy
    /// (a page may be 100 MB).
    func write(_ text: String, to path: SitePath, because cause: String) throws {
        let relative = path.description
        let result = try folder.write(text, to: relative)
        record(result, of: relative, hash: ContentHash(of: text), because: cause)
    }

    private func record(_ result: WriteOutcome, of relative: String, hash: ContentHash, because cause: String) {
        produced.withLock { $0.record(relative, hash: hash) }
        outcome.withLock {
            if result == .written {
                $0.written += 1
            } else {
                $0.unchanged += 1
            }
            $0.outputs.append(
                ExplainedOutput(path: relative, action: result == .written ? .written : .unchanged, cause: cause))
        }
    }

    /// Every file of the previous build that this one does not write is removed.
    func retireEverything(because cause: String) {
        retired.withLock { $0.everything = cause }
    }

    /// The file at `path` is removed unless this build writes it.
    func retire(_ path: SitePath, because cause: String) {
        retired.withLock { $0.paths[path.description] = cause }
    }

    /// Every file of the previous build whose path (relative to the output folder) `matches`,
    /// and that this build does not write, is removed.
    func retire(matching matches: @escaping @Sendable (String) -> Bool, because cause: String) {
        retired.withLock { $0.matching.append((matches, cause)) }
    }

    /// Removes what the previous build made and this one retired without writing it again, then
    /// records the manifest of the site. Called once every file is in place, so the manifest
    /// never describes files that are not there.
    func finish() throws -> Outcome {
        let written = produced.withLock { $0 }
        let retired = retired.withLock { $0 }
        var manifest = retired.everything == nil ? previous.merging(written) : written
        func cause(ofRemoving path: String) -> String? {
            retired.everything ?? retired.paths[path] ?? retired.matching.first { $0.matches(path) }?.cause
        }
        var removed = 0
        var outputs: [ExplainedOutput] = []
        for path in previous.pathsNoLongerProduced(by: written, where: { cause(ofRemoving: $0) != nil }) {
            guard let cause = cause(ofRemoving: path) else { continue }
            manifest.remove(path)
            if try folder.remove(path, expecting: previous[path]) == .removed {
                removed += 1
                outputs.append(ExplainedOutput(path: path, action: .removed, cause: cause))
            }
        }
        try manifest.save(toStateFolder: stateFolder)
        return outcome.withLock {
            $0.removed = removed
            $0.outputs += outputs
            $0.outputs.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
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

/// A file a build wrote, found unchanged or removed, and why: what `--explain` lists.
public struct ExplainedOutput: Sendable, CustomStringConvertible {
    /// What the build did with the file.
    public enum Action: String, Sendable {
        /// Its bytes changed, or it is new.
        case written
        /// It was rendered again and its bytes were the same: left as it was.
        case unchanged
        /// It is no longer part of the site.
        case removed
    }

    /// The file, relative to the output folder.
    public let path: String
    /// What was done with it.
    public let action: Action
    /// Why.
    public let cause: String

    /// `written   wiki/Page.html: page edited`.
    public var description: String {
        action.rawValue + String(repeating: " ", count: 10 - action.rawValue.count) + path + ": " + cause
    }
}
