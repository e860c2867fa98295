import ArgumentParser
import Foundation
import WikiStore

extension ExportFormat: ExpressibleByArgument {}

/// `wikisite export`: write the embedded store out as a dump.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the embedded store out as a dump.",
        discussion: """
            Writes every leaf revision of every document, tombstones included, as an _all_docs \
            or a _changes dump that build and import read back into the same documents (a \
            document in conflict has one row per leaf). Without --out the dump goes to standard \
            output; with it, the file is replaced only once the dump is complete. Exit status: \
            0 success, 1 the store could not be read or the dump written, 2 bad usage.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "file"))
    var store: String = DocumentStore.defaultPath

    @Option(name: .long, help: ArgumentHelp("all_docs or changes.", valueName: "format"))
    var format: ExportFormat = .allDocs

    @Option(name: .long, help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var out: String?

    func validate() throws {
        if store.isEmpty { throw ValidationError("--store needs a file.") }
        if out?.isEmpty == true { throw ValidationError("--out needs a file.") }
    }

    func run() throws {
        do {
            let documentStore = try DocumentStore(path: store)
            let summary: ExportSummary
            if let out {
                summary = try DumpFile.replace(out) { handle in
                    try documentStore.export(format) { try handle.write(contentsOf: $0) }
                }
            } else {
                summary = try documentStore.export(format) { FileHandle.standardOutput.write(Data($0)) }
            }
            let rows = summary.rowCount == summary.documentCount ? "" : " (\(summary.rowCount) leaves)"
            TerminalReporter.printError(
                "exported \(summary.documentCount) documents\(rows) of \(store) at sequence \(summary.sequence)"
                    + (out.map { " to \($0)" } ?? ""))
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
    }
}

/// A dump written to a temporary file beside its path, then renamed over it: a reader never sees
/// half a dump, and a failed export leaves the file as it was.
private enum DumpFile {
    static func replace<Result>(_ path: String, _ write: (FileHandle) throws -> Result) throws -> Result {
        let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else { throw ExportWriteError(path: path, reason: "cannot create \(temporary)") }
        do {
            let result = try write(handle)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary, path) == 0 else {
                throw ExportWriteError(path: path, reason: String(cString: strerror(errno)))
            }
            return result
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }
}

/// A dump file that could not be written.
private struct ExportWriteError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "\(path): the dump could not be written: \(reason)" }
}
