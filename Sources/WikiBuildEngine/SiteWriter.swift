import Synchronization
import WikiConfiguration
import WikiDocuments
import WikiPages
import WikiWrite

/// Writes the files of one build into the output folder, and works out which files of earlier
/// builds it removes: only files the build state records as made by a build (its manifest), so
/// files wikisite did not make are never touched.
///
/// A full build retires everything (`retireEverything`): whatever the earlier builds made and
/// this one does not write is removed. An incremental build writes some files, leaves the others
/// on record as they are, and retires only what a change took away (a deleted page's file, a
/// removed wiki's folder, the parts of a list that got shorter), found through indexed queries of
/// the record, never by reading it whole.
package final class SiteWriter: Sendable {
    /// How many files a build wrote, left alone and removed, and each with its cause.
    struct Outcome {
        var written = 0
        var unchanged = 0
        var removed = 0
        /// Every file written, found unchanged or removed, with its cause; only when the writer
        /// lists them (`listsOutputs`), empty otherwise.
        var outputs: [ExplainedOutput] = []
        /// The files written or found unchanged, with their hashes: the record's new rows.
        var made = Manifest()
        /// The files of earlier builds removed or no longer on record.
        var unrecorded: [String] = []
    }

    /// Files or folders a build no longer produces, unless it writes them again.
    private struct Retired {
        var everything: String?
        var paths: [String: String] = [:]
        var prefixed: [(prefix: String, matches: @Sendable (String) -> Bool, cause: String)] = []
    }

    private let folder: OutputFolder
    /// What the earlier builds made.
    private let record: BuildState
    /// Whether the outcome lists every file with its cause (`--explain`): one entry a file, which
    /// a build of 100,000 pages does not keep for nothing.
    private let listsOutputs: Bool
    /// What the files written so far leave on record, under one lock: the threads that write
    /// pages take it once to announce a file and once to record it, and wait on each other less.
    private struct Tally {
        /// The files written or found unchanged, with their hashes.
        var produced = Manifest()
        /// The paths announced to `record` and not yet written (`announce(_:)`).
        var announced = Set<ExactString>()
        var outcome = Outcome()
    }

    private let tally = Mutex(Tally())
    private let retired = Mutex(Retired())

    /// Opens the output folder, whose files earlier builds made are those `record` lists;
    /// `interrupted` says the previous build was killed, whose temporary files are then swept
    /// away; `listsOutputs` whether the outcome lists every file with its cause.
    init(
        outputFolder: String, record: BuildState, previousBuildWasInterrupted interrupted: Bool,
        listsOutputs: Bool = false
    ) throws {
        folder = try OutputFolder(root: outputFolder)
        self.record = record
        self.listsOutputs = listsOutputs
        if interrupted { _ = try folder.removeStaleTemporaryFiles() }
    }

    /// Records that this build is about to write the files at `paths`, before it writes any of
    /// them (`BuildState.announce(_:)`): one transaction for a batch of files. A file written
    /// without having been announced is announced alone first.
    package func announce(_ paths: [SitePath]) throws {
        try announce(relativePaths: paths.map(\.description))
    }

    /// `announce(_:)` of paths relative to the output folder.
    private func announce(relativePaths paths: [String]) throws {
        let new = tally.withLock { tally in paths.filter { tally.announced.insert(ExactString($0)).inserted } }
        try record.announce(new)
    }

    /// Puts `bytes` at `path` (not at all when the file already holds them), because of
    /// `cause`. Thread-safe.
    package func write(_ bytes: [UInt8], to path: SitePath, because cause: String) throws {
        let relative = path.description
        try announce(relativePaths: [relative])
        let result = try folder.write(bytes, to: relative)
        record(result, of: relative, hash: ContentHash(of: bytes), because: cause)
    }

    /// Puts the UTF-8 of `text` at `path`, because of `cause`: the text's own bytes, not a copy
    /// (a page may be 100 MB).
    package func write(_ text: String, to path: SitePath, because cause: String) throws {
        let relative = path.description
        try announce(relativePaths: [relative])
        let result = try folder.write(text, to: relative)
        record(result, of: relative, hash: ContentHash(of: text), because: cause)
    }

    private func record(_ result: WriteOutcome, of relative: String, hash: ContentHash, because cause: String) {
        tally.withLock {
            $0.produced.record(relative, hash: hash)
            // On record by now: its announcement has served (the set holds only the files
            // announced and not yet written, not every file of the site).
            _ = $0.announced.remove(ExactString(relative))
            if result == .written {
                $0.outcome.written += 1
            } else {
                $0.outcome.unchanged += 1
            }
            guard listsOutputs else { return }
            $0.outcome.outputs.append(
                ExplainedOutput(path: relative, action: result == .written ? .written : .unchanged, cause: cause))
        }
    }

    /// Every file of the earlier builds that this one does not write is removed.
    package func retireEverything(because cause: String) {
        retired.withLock { $0.everything = cause }
    }

    /// The file at `path` is removed unless this build writes it.
    package func retire(_ path: SitePath, because cause: String) {
        retired.withLock { $0.paths[path.description] = cause }
    }

    /// Every file of the earlier builds whose path (relative to the output folder) starts with
    /// `prefix` (which ends with an ASCII character: a folder's `/`) and `matches` (all, by
    /// default), and that this build does not write, is removed.
    package func retire(
        withPrefix prefix: String, matching matches: @escaping @Sendable (String) -> Bool = { _ in true },
        because cause: String
    ) {
        retired.withLock { $0.prefixed.append((prefix, matches, cause)) }
    }

    /// Every file of the earlier builds whose path starts with `prefix` (which ends with an ASCII
    /// character: a folder's `/`), and that this build does not write, is removed. Unlike
    /// `retire(withPrefix:matching:because:)`, the record is asked at once and only the files it
    /// holds are kept for `finish()`, not a rule: a build retires the attachment folder of each
    /// page it writes, and most have no file. Nothing is asked when the build retires everything,
    /// and the prefix is not even made.
    package func retireRecordedFiles(withPrefix prefix: @autoclosure () -> String, because cause: String) throws {
        guard retired.withLock({ $0.everything == nil }) else { return }
        let outputs = try record.recordedOutputs(withPrefix: prefix())
        guard !outputs.isEmpty else { return }
        retired.withLock { retired in
            for output in outputs where retired.paths[output.path] == nil { retired.paths[output.path] = cause }
        }
    }

    /// Removes what the earlier builds made and this one retired without writing it again. Called
    /// once every file is in place; the outcome says what the record of outputs becomes (the
    /// build state commits it), so it never describes files that are not there.
    func finish() throws -> Outcome {
        let made = tally.withLock { $0.produced }
        let retired = retired.withLock { $0 }
        var removals: [(output: BuildState.RecordedOutput, cause: String)] = []
        if let cause = retired.everything {
            removals = try record.recordedOutputs().map { ($0, cause) }
        } else {
            var seen = Set<ExactString>()
            func consider(_ output: BuildState.RecordedOutput, because cause: String) {
                if seen.insert(ExactString(output.path)).inserted { removals.append((output, cause)) }
            }
            // An explicit path's cause wins over a prefix's, and an earlier prefix over a later one.
            for (path, cause) in retired.paths {
                if let output = try record.recordedOutput(at: path) { consider(output, because: cause) }
            }
            for rule in retired.prefixed {
                for output in try record.recordedOutputs(withPrefix: rule.prefix) where rule.matches(output.path) {
                    consider(output, because: rule.cause)
                }
            }
        }
        removals = removals.filter { made[$0.output.path] == nil }
        removals.sort { $0.output.path.utf8.lexicographicallyPrecedes($1.output.path.utf8) }
        var removed = 0
        var outputs: [ExplainedOutput] = []
        for (output, cause) in removals where try folder.remove(output.path, expecting: output.hash) == .removed {
            removed += 1
            if listsOutputs { outputs.append(ExplainedOutput(path: output.path, action: .removed, cause: cause)) }
        }
        return tally.withLock {
            $0.outcome.removed = removed
            $0.outcome.outputs += outputs
            $0.outcome.outputs.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            $0.outcome.made = made
            $0.outcome.unrecorded = removals.map(\.output.path)
            return $0.outcome
        }
    }

    /// After a failed build: records every file it made beside those of earlier builds, so a later
    /// build can still remove the ones it no longer needs.
    func abandon() {
        try? record.record(tally.withLock { $0.produced })
    }
}

extension SiteWriter {
    /// The one place a build changes the output folder, in the order that makes a kill safe:
    /// marks `state` unfinished (a build killed from here on is followed by a full one), opens a
    /// writer on `options`' output folder, lets `write` put the files, then finishes and commits
    /// the state update `write` returns, with the files the folder now holds. On an error, the
    /// files written so far are recorded and the error is thrown as a `BuildError`; the state
    /// stays unfinished.
    package static func writing(
        _ options: BuildOptions, state: BuildState, previousBuildWasInterrupted interrupted: Bool,
        summary: inout BuildSummary, _ write: (SiteWriter, inout BuildSummary) throws -> StateUpdate
    ) throws {
        let writer: SiteWriter
        do {
            try state.markUnfinished()
            writer = try SiteWriter(
                outputFolder: options.outputFolder, record: state, previousBuildWasInterrupted: interrupted,
                listsOutputs: options.listsOutputs)
        } catch {
            throw error as? BuildError ?? BuildError.output("\(error)")
        }
        do {
            let update = try write(writer, &summary)
            try writer.finish(committing: update, to: state, summary: &summary)
        } catch {
            writer.abandon()
            throw error as? BuildError ?? BuildError.output("\(error)")
        }
    }

    /// Finishes the build (`finish()`), commits `update` to `state` with the files the output
    /// folder now holds, and tells `summary` how many were written, left and removed.
    private func finish(committing update: StateUpdate, to state: BuildState, summary: inout BuildSummary) throws {
        var update = update
        let outcome = try finish()
        update.outputs = outcome.made
        update.removedOutputs = outcome.unrecorded
        try state.commit(update)
        summary.filesWritten = outcome.written
        summary.filesUnchanged = outcome.unchanged
        summary.filesRemoved = outcome.removed
        summary.outputs = outcome.outputs
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
