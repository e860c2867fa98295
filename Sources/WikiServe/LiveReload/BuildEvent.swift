import WikiBuildEngine
import WikiDocuments
import WikiSite

/// What the browsers are told after a build, as one Server-Sent Event.
public enum BuildEvent: Sendable, Equatable {
    /// A build succeeded: the site paths it wrote and removed. Past `listLimit` paths the lists
    /// are dropped and every page reloads (`everything`), so an event stays small.
    case built(written: [String], removed: [String])
    /// A build failed: the message the CLI prints for it.
    case failed(message: String)

    /// How many paths an event lists before it says "everything" instead.
    static let listLimit = 5_000

    /// The event for `summary`, a build that listed its outputs (`BuildOptions.listsOutputs`).
    public init(summary: BuildSummary) {
        let written = summary.outputs.filter { $0.action == .written }.map(\.path)
        let removed = summary.outputs.filter { $0.action == .removed }.map(\.path)
        self = .built(written: written, removed: removed)
    }

    /// Whether browsers need to hear of it: a build that wrote and removed nothing does not.
    var isNews: Bool {
        if case .built(let written, let removed) = self { return !written.isEmpty || !removed.isEmpty }
        return true
    }

    /// The event as the `text/event-stream` format writes it: `event:`, one `data:` line, a blank line.
    var serverSentEvent: String {
        switch self {
        case .built(let written, let removed):
            let data =
                written.count + removed.count > Self.listLimit
                ? "{\"everything\":true,\"written\":[],\"removed\":[]}"
                : "{\"written\":\(ScriptSafeJSON.array(written)),\"removed\":\(ScriptSafeJSON.array(removed))}"
            return "event: build\ndata: \(data)\n\n"
        case .failed(let message):
            return "event: error\ndata: {\"message\":\(ScriptSafeJSON.string(message))}\n\n"
        }
    }
}
