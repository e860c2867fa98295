import WikiDocuments
import WikiModel

/// The Markdown links and images of a page to its attachments, written as relative paths, the
/// way a folder of Markdown points at the files beside its notes: `![](img/a.png)`,
/// `[spec](files/spec.pdf)`, spaces as `%20`. A destination that is the name of an attachment of
/// the page (percent-decoded, without its `#` part) becomes the attachment's published file; the
/// build then writes it, as it writes an embedded attachment. Anything else is left as written.
enum FileLinks {
    /// Points the links and images `nodes` of `document` (all of them, in document order: the
    /// `TreeSurvey`'s), the text of page `page`, at the attachments of
    /// the page that `embeds` publishes. Returns them, in document order, as attachment embeds;
    /// with `keepsMissing` (a folder wiki, whose notes have every file they name), also the
    /// relative paths to a file (with an extension, not `.md`, inside the folder) that the page
    /// (`page`; nil: the home, whose files are its wiki's) has no attachment for, left as written.
    static func rewrite(
        _ nodes: [CmarkDocument.Node], in document: inout CmarkDocument, page: PageTitle?, embeds: some EmbedSource,
        keepsMissing: Bool
    ) -> [AttachmentEmbed] {
        var found: [AttachmentEmbed] = []
        for node in nodes {
            guard let name = attachmentName(String(decoding: document.url(node), as: UTF8.self)) else { continue }
            let line = document.span(node).startLine
            guard let attachment = embeds.attachment(named: name, ofPage: page) else {
                if keepsMissing, namesFile(name), NotePath.resolve(name, from: page) != nil {
                    found.append(AttachmentEmbed(name: name, line: line, isLink: true))
                }
                continue
            }
            document.setURL(node, WikilinkRewriter.relativeHref(attachment.href))
            found.append(AttachmentEmbed(name: name, line: line, isLink: true))
        }
        return found
    }

    /// Whether `path`'s last component has an extension: a file, not a folder or a page.
    private static func namesFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.dropFirst().contains(".") && !name.hasSuffix(".")
    }

    /// The attachment name a destination may be: a relative path, percent-decoded, without
    /// its `#` part; nil for a URL, an absolute path or a note (`.md`).
    static func attachmentName(_ destination: String) -> String? {
        let path = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains(":"), !path.contains("?"),
            let decoded = PercentDecoding.decode(path.utf8), !decoded.lowercased().hasSuffix(".md")
        else { return nil }
        return decoded
    }
}
