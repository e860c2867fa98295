/// Why a store could not be opened, read or written. Each message names the file and says what to do.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// There is no file at the path.
    case missing(path: String)
    /// The file is not a wikisite store: `reason` says what it is.
    case notAStore(path: String, reason: String)
    /// The store was written by a newer wikisite, whose schema this one does not know.
    case newerSchema(path: String)
    /// SQLite could not do what was asked (`action`): the file is locked, damaged, or the disk full.
    case database(path: String, action: String, message: String)
    /// The store holds something wikisite never writes: the file was changed by another program.
    case damaged(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path) where path == DocumentStore.defaultPath:
            return
                "there is no store at \(path), the default source of a build: import dumps into it with `wikisite import DUMP...`, or name a dump with --source PATH"
        case .missing(let path):
            return "there is no store at \(path): create it with `wikisite import DUMP... --store \(path)`"
        case .notAStore(let path, let reason):
            return "\(path) is not a wikisite store: \(reason)"
        case .newerSchema(let path):
            return
                "\(path) was written by a newer wikisite, whose store format this one does not know: upgrade wikisite"
        case .database(let path, let action, let message):
            return "\(path): the store could not be \(action): \(message)"
        case .damaged(let path, let reason):
            return "\(path): the store is damaged (\(reason)): import the dumps again into a new store"
        }
    }
}
