import Synchronization
import WikiDocuments
import WikiSources
import WikiStore

/// Whether the embedded store has changed: its sequence moved past the last one seen.
///
/// A build reads the store, and SQLite touches its files as it does (a checkpoint when the last
/// connection closes); the file notifications alone would then start a build after every build.
/// The sequence moves only when documents change. The store is opened for each question and
/// closed at once: a connection kept open could be left reading a write-ahead log that another
/// process deleted.
final class StoreSequence: Sendable {
    private let path: String
    private let last: Mutex<Int?>

    /// The store at `path`, as last seen by a build whose checkpoint of it is `checkpoint` (JSON
    /// text, `CheckpointAdvance.to`); as it is now when there is none.
    init(path: String, after checkpoint: String?) throws {
        let store = try DocumentStore(path: path)
        let value = checkpoint.flatMap { try? JSONParser.parse($0) }
        let seen = value.flatMap { store.sequence(resuming: SourceCheckpoint($0)) }
        last = Mutex(try seen ?? store.currentSequence())
        self.path = path
    }

    /// Whether the sequence moved since the last call (or the build this started from).
    func advanced() -> Bool {
        let current = try? DocumentStore(path: path).currentSequence()
        return last.withLock { last in
            defer { last = current }
            return current != last
        }
    }
}
