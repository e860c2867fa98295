import Foundation
import WikiDocuments
import WikiModel
import WikiSources
import WikiStore

/// Reads every source into one database: the documents of all sources are merged, and the
/// model picks each document's winning revision among everything it saw.
struct SourceReader {
    let paths: [String]
    let reporter: any BuildReporter

    /// The merged database, the number of documents read, and entries the readers refused.
    func read() throws -> (database: WikiDatabase, documentsRead: Int, refused: [SkippedDocument]) {
        var builder = WikiDatabaseBuilder()
        var documentsRead = 0
        var refused: [SkippedDocument] = []
        for path in paths {
            reporter.stage("reading \(path)")
            let reading: SourceReading
            do {
                reading = try DocumentSources.open(path).read(after: nil) { document in
                    builder.add(document)
                }
            } catch {
                throw BuildError.unreadableSource(path: path, reason: "\(error)")
            }
            documentsRead += reading.documentCount
            refused += reading.rejected.map {
                SkippedDocument(documentID: $0.documentID ?? "(no _id)", origin: $0.origin, reason: $0.reason)
            }
        }
        return (builder.build(), documentsRead, refused)
    }
}

/// Opens a source by the name the user gave it, recognising its kind from its content, never from
/// its name: a wikisite store (a SQLite file with wikisite's `application_id`), or else a dump of
/// any form `DumpReader` knows. A later kind of source plugs in here, and nothing downstream of a
/// `DocumentSource` knows which kind it read.
public enum DocumentSources {
    /// What a build reads when no source is named: the default store of the project folder,
    /// `.wikisite/store.sqlite` in the current folder.
    public static let defaultSource = DocumentStore.defaultPath

    /// The source `name` names.
    ///
    /// - Throws: `StoreError` for a SQLite file that is not a wikisite store, and for a missing
    ///   default store (saying how to fill it).
    public static func open(_ name: String) throws -> any DocumentSource {
        if try DocumentStore.holdsStore(atPath: name) { return StoreSource(path: name) }
        if name == defaultSource, !FileManager.default.fileExists(atPath: name) {
            throw StoreError.missing(path: name)
        }
        return DumpSource(path: name)
    }
}
