import WikiDocuments
import WikiModel
import WikiSources

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
            let summary: DumpSummary
            do {
                summary = try DumpReader.read(path: path) { document in
                    builder.add(document)
                }
            } catch let error as DumpError {
                throw BuildError.unreadableSource(path: path, reason: error.description)
            } catch let error as DumpFileError {
                throw BuildError.unreadableSource(path: path, reason: error.description)
            }
            documentsRead += summary.documentCount
            refused += summary.rejected.map {
                SkippedDocument(documentID: $0.documentID ?? "(no _id)", origin: $0.origin, reason: $0.reason)
            }
        }
        return (builder.build(), documentsRead, refused)
    }
}
