import Synchronization

/// What the server knows of the builds: the message of the build error that stands, if the last
/// build failed. Pages served while it stands show it at once.
final class PreviewState: Sendable {
    private let error = Mutex<String?>(nil)

    /// The message of the last build's failure; nil after a build that succeeded.
    var buildError: String? { error.withLock { $0 } }

    /// Records what the last build did.
    func record(_ event: BuildEvent) {
        switch event {
        case .built: error.withLock { $0 = nil }
        case .failed(let message): error.withLock { $0 = message }
        }
    }
}
