import WikiDocuments
import WikiModel

/// The Markdown links of a folder wiki's note to other notes, written the way GitHub, MkDocs and
/// Obsidian read them: a path relative to the note, with `.md`, spaces as `%20`, and maybe a
/// heading (`[install](../guide/Install.md#setup)`). Each becomes a link to the note's page and
/// counts as a link of the page, like a wikilink: backlinks, missing pages and `wikisite check`
/// see it.
///
/// | destination | becomes |
/// | --- | --- |
/// | a relative path ending in `.md` | the page of the note at that path (letter case ignored), or of the title the path gives when there is none |
/// | anything else (a URL, `/path`, `#heading`, another file, a path out of the folder) | left as written |
enum NoteLinks {
    /// Rewrites the links of `document`, the text of note `page`, matching paths to notes with
    /// `matching` and asking `resolve` for hrefs. Returns the links found, in document order.
    static func rewrite(
        in document: inout CmarkDocument, page: PageTitle?, matching: any TitleMatching,
        resolve: (WikilinkTarget) -> ResolvedLink
    ) -> [WikilinkOccurrence] {
        var links: [CmarkDocument.Node] = []
        document.walk { event, node in
            if event == .enter, document.kind(node) == .link { links.append(node) }
        }
        var found: [WikilinkOccurrence] = []
        for link in links {
            guard let (path, fragment) = notePath(String(decoding: document.url(link), as: UTF8.self)) else {
                continue
            }
            guard let whole = NotePath.resolve(path, from: page), let title = PageTitle(whole),
                let rooted = PageTitle("/" + whole)
            else { continue }
            let matched = matching.match(rooted, from: page, line: document.span(link).startLine)
            let target = WikilinkTarget(title: matched == rooted ? title : matched, fragment: fragment)
            document.setURL(link, WikilinkRewriter.href(of: target, resolve(target)))
            found.append(WikilinkOccurrence(target: target, label: "", line: document.span(link).startLine))
        }
        return found
    }

    /// The note's path (without `.md`, percent-decoded) and heading a link's destination names,
    /// when it is a relative path to a Markdown file.
    static func notePath(_ destination: String) -> (path: String, fragment: String?)? {
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard let encoded = parts.first, !encoded.isEmpty, !encoded.hasPrefix("/"),
            !encoded.contains(":"), !encoded.contains("?"),
            let path = PercentDecoding.decode(encoded.utf8), path.lowercased().hasSuffix(".md")
        else { return nil }
        let fragment = parts.count > 1 ? PercentDecoding.decode(parts[1].utf8).flatMap { $0.isEmpty ? nil : $0 } : nil
        return (String(path.dropLast(3)), fragment)
    }
}
