import WikiDocuments

/// Adds the live-reload script to an HTML response, never to a file on disk: the page's site path
/// and the standing build error go in a small data script, the behaviour in `LiveReloadScript`.
struct LiveReloadInjection: Sendable {
    /// The page's path relative to the preview folder, as build events name files.
    let sitePath: String
    /// The message of the build error that stands, shown at once; nil when the last build succeeded.
    let buildError: String?

    /// `html` with the scripts inserted before its last `</body>` (in any letter case), or at its
    /// end when it has none.
    func inserted(into html: [UInt8]) -> [UInt8] {
        let scripts = Array(markup.utf8)
        guard let body = Self.lastBodyEnd(in: html) else { return html + scripts }
        return Array(html[..<body]) + scripts + Array(html[body...])
    }

    /// The two `<script>` elements added to a page.
    var markup: String {
        let error = buildError.map(ScriptSafeJSON.string) ?? "null"
        return "<script>window.wikisiteLive={\"path\":\(ScriptSafeJSON.string(sitePath)),\"error\":\(error)};</script>"
            + "<script>" + LiveReloadScript.source + "</script>"
    }

    /// Where the last `</body>` starts, ignoring letter case.
    static func lastBodyEnd(in html: [UInt8]) -> Int? {
        let needle = Array("</body>".utf8)
        guard html.count >= needle.count else { return nil }
        for start in stride(from: html.count - needle.count, through: 0, by: -1) {
            var matches = true
            for offset in 0..<needle.count where lowercased(html[start + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return start }
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
