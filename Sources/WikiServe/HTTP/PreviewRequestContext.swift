import Hummingbird
import NIOCore

/// The context of a request to the preview: Hummingbird's, with the connection, so that an event
/// stream whose client stopped reading can be closed.
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The request's connection.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
