/// The `Content-Type` of a site's file, from its extension.
enum ContentType {
    /// The type of the file at `sitePath`; `application/octet-stream` for an extension not listed.
    static func of(_ sitePath: String) -> String {
        let name = sitePath.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether a file of this type gets the live-reload script.
    static func isHTML(_ sitePath: String) -> Bool { of(sitePath).hasPrefix("text/html") }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "atom": "application/atom+xml",
        "rss": "application/rss+xml", "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "pdf": "application/pdf", "woff": "font/woff", "woff2": "font/woff2", "mp4": "video/mp4",
        "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg", "wasm": "application/wasm",
        "zip": "application/zip",
    ]
}
