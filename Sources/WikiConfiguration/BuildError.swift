/// Why a build stopped. Each message says what went wrong, where, and what to do.
public enum BuildError: Error, CustomStringConvertible, Sendable {
    /// A source could not be read at all (missing file, unreadable, malformed dump).
    case unreadableSource(path: String, reason: String)
    /// `--wiki` named a wiki that is not in the sources.
    case unknownWiki(id: String, known: [String])
    /// No source was given.
    case noSources
    /// The theme could not be loaded.
    case theme(String)
    /// Writing the site failed; what was already there is intact.
    case output(String)

    public var description: String {
        switch self {
        case .unreadableSource(_, let reason):
            return reason
        case .unknownWiki(let id, let known):
            let list =
                known.isEmpty
                ? "the sources hold no published wiki" : "published wikis: \(known.joined(separator: ", "))"
            return "no published wiki has the ID \"\(id)\" (\(list))"
        case .noSources:
            return "no source given: name a dump with --source PATH"
        case .theme(let reason):
            return "the templates could not be loaded: \(reason)"
        case .output(let reason):
            return "the site could not be written: \(reason); files already in place are intact"
        }
    }
}
