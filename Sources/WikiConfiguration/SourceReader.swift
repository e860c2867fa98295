import Foundation
import WikiCouch
import WikiDocuments
import WikiModel
import WikiPages
import WikiSources
import WikiStore

/// Reads every source into one database: the documents of all sources are merged, and the
/// model picks each document's winning revision among everything it saw.
package struct SourceReader {
    let paths: [String]
    /// How a source that is a folder of Markdown becomes a wiki.
    var markdownFolder = MarkdownFolderSettings()
    /// Where the Markdown of pages waits until it is rendered (`MarkdownStash`); nil: in memory.
    var stashFolder: String? = nil
    /// Whether drafts are published as pages (`BuildOptions.includesDrafts`).
    var includesDrafts = false
    let reporter: any BuildReporter

    /// What reading every source gives: the merged database, the number of documents read,
    /// entries the readers refused, the checkpoint each source's reading ended at (by path; none
    /// for a source without sequences), and the ledger of each source without sequences (by path).
    package typealias Input = (
        database: WikiDatabase, documentsRead: Int, refused: [SkippedDocument],
        checkpoints: [String: SourceCheckpoint], ledgers: [String: SourceLedger]
    )

    /// Reads every source into one database.
    package func read() throws -> Input {
        var builder = WikiDatabaseBuilder(
            stashingMarkdownIn: stashFolder.flatMap(MarkdownStash.init(inFolder:)), includesDrafts: includesDrafts)
        var documentsRead = 0
        var refused: [SkippedDocument] = []
        var checkpoints: [String: SourceCheckpoint] = [:]
        var ledgers: [String: SourceLedger] = [:]
        for path in paths {
            let reading: SourceReading
            let source: any DocumentSource
            do {
                source = try DocumentSources.open(path, markdownFolder: markdownFolder)
            } catch {
                throw BuildError.unreadableSource(path: DocumentSources.displayName(of: path), reason: "\(error)")
            }
            reporter.stage("reading \(source.name)")
            do {
                reading = try source.read(after: nil) { document in
                    builder.add(document)
                }
            } catch {
                throw BuildError.unreadableSource(path: source.name, reason: "\(error)")
            }
            documentsRead += reading.documentCount
            checkpoints[path] = reading.checkpoint
            ledgers[path] = reading.ledger
            refused += reading.rejected.map {
                SkippedDocument(documentID: $0.documentID ?? "(no _id)", origin: $0.origin, reason: $0.reason)
            }
        }
        return (builder.build(), documentsRead, refused, checkpoints, ledgers)
    }

    /// A reader of the sources at `paths`, a folder of Markdown read as `markdownFolder` says,
    /// the pages' Markdown kept in `stashFolder` (nil: in memory), drafts published when
    /// `includesDrafts` says so, telling `reporter` what it reads.
    package init(
        paths: [String], markdownFolder: MarkdownFolderSettings = MarkdownFolderSettings(), stashFolder: String? = nil,
        includesDrafts: Bool = false, reporter: any BuildReporter
    ) {
        self.paths = paths
        self.markdownFolder = markdownFolder
        self.stashFolder = stashFolder
        self.includesDrafts = includesDrafts
        self.reporter = reporter
    }
}

/// Opens a source by the name the user gave it: a CouchDB-compatible server's database
/// (`http://` or `https://`), a folder of Markdown (a folder, or `markdown:PATH`), or a file
/// recognised from its content, never from its name: a wikisite store (a SQLite file with
/// wikisite's `application_id`), or else a dump of any form `DumpReader` knows. Nothing
/// downstream of a `DocumentSource` knows which kind it read.
public enum DocumentSources {
    /// What a build reads when no source is named: the default store of the project folder,
    /// `.wikisite/store.sqlite` in the current folder.
    public static let defaultSource = DocumentStore.defaultPath

    /// The source `name` names.
    ///
    /// - Throws: `StoreError` for a SQLite file that is not a wikisite store, and for a missing
    ///   default store (saying how to fill it).
    public static func open(
        _ name: String, markdownFolder: MarkdownFolderSettings = MarkdownFolderSettings()
    ) throws -> any DocumentSource {
        if CouchSource.names(name) { return try CouchSource(url: name) }
        if let folder = MarkdownFolderSource.folder(named: name) {
            return MarkdownFolderSource(
                folder: folder, wikiID: markdownFolder.wikiID, wikiTitle: markdownFolder.wikiTitle)
        }
        if try DocumentStore.holdsStore(atPath: name) { return StoreSource(path: name) }
        if name == defaultSource, !FileManager.default.fileExists(atPath: name) {
            throw StoreError.missing(path: name)
        }
        return DumpSource(path: name)
    }

    /// `name` as messages show it: a server's URL without its credentials.
    public static func displayName(of name: String) -> String {
        CouchSource.names(name) ? CouchDatabaseURL.hidingCredentials(in: name) : name
    }
}
