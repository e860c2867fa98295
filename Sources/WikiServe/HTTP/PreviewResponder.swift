import Hummingbird
import NIOCore

/// Answers the browser: the files of the preview folder (HTML with the live-reload script added),
/// the event stream at `/_wikisite/events`, and refusals for anything else.
struct PreviewResponder: HTTPResponder {
    typealias Context = PreviewRequestContext

    /// The path of the event stream.
    static let eventsPath = "/_wikisite/events"

    let folder: PreviewFolder
    let broadcaster: EventBroadcaster
    let state: PreviewState

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            var headers = HTTPFields()
            headers[.allow] = "GET, HEAD"
            return text(.methodNotAllowed, "Only GET and HEAD are served.", headers: headers)
        }
        let target = request.head.path ?? "/"
        if target == Self.eventsPath || target.hasPrefix(Self.eventsPath + "?") {
            return request.method == .head
                ? Response(status: .ok, headers: Self.eventHeaders) : events(channel: context.channel)
        }
        let response = file(target: target)
        return request.method == .head ? response.createHeadResponse() : response
    }

    /// The response for the file `target` names, or why there is none.
    private func file(target: String) -> Response {
        let path: RequestPath
        do {
            path = try RequestPath(target: target)
        } catch {
            return text(.badRequest, "Refused: \(error).")
        }
        switch folder.lookup(path) {
        case .file(let file):
            var bytes = file.bytes
            if ContentType.isHTML(file.sitePath) {
                bytes = LiveReloadInjection(sitePath: file.sitePath, buildError: state.buildError).inserted(into: bytes)
            }
            return page(.ok, bytes, contentType: ContentType.of(file.sitePath))
        case .folder(let location):
            var headers = HTTPFields()
            headers[.location] = location
            return text(.found, "See \(location).", headers: headers)
        case .notFound:
            let html = NotFoundPage(requested: target, stylesheet: stylesheet).html
            let injection = LiveReloadInjection(sitePath: path.sitePath, buildError: state.buildError)
            return page(.notFound, injection.inserted(into: Array(html.utf8)), contentType: ContentType.of("404.html"))
        }
    }

    /// The theme's stylesheet, for the page that says a file was not found.
    private var stylesheet: String? {
        let path = RequestPath(validSegments: ["_assets", "style.css"])
        if case .file = folder.lookup(path) { return path.sitePath }
        return nil
    }

    /// A stream of build events; its connection is closed when its client stops reading.
    private func events(channel: any Channel) -> Response {
        let subscription = broadcaster.subscribe { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in subscription.end() }
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": wikisite live reload\nretry: 1000\n\n"))
            for await event in subscription.events {
                try await writer.write(ByteBuffer(string: event))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: Self.eventHeaders, body: body)
    }

    /// The headers of the event stream.
    private static let eventHeaders: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
    ]

    private func page(_ status: HTTPResponse.Status, _ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
