import WikiDocuments
import WikiModel

/// Why a page change makes a build write or remove a file, as `--explain` says it: the same words
/// whichever build (the wiki-wide path's plan, or the fast path) wrote the file.
enum ChangeCause {
    static let created = "page created or published"
    static let edited = "page edited"
    static let removed = "page deleted or unpublished"
    /// The wiki's own document changed, its title did not (its home shows the rest of it).
    static let wikiDocumentChanged = "the wiki's document changed"

    /// A page linking to `title`, which was created (`exists`) or deleted.
    static func linksTo(_ title: PageTitle, exists: Bool) -> String {
        "links to \(MessageText.quoted(title.text)), which \(exists ? "now exists" : "no longer exists")"
    }

    /// A page that embeds `title`, directly or through the pages it embeds, which shows its body.
    static func embeds(_ title: PageTitle) -> String {
        "embeds \(MessageText.quoted(title.text)), whose body changed"
    }

    /// A page that `linker` now links to, or (`links` false) no longer does.
    static func backlink(from linker: PageTitle, links: Bool) -> String {
        "\(MessageText.quoted(linker.text)) \(links ? "now links" : "no longer links") here"
    }

    /// The special pages and the home of a wiki of which `count` pages changed.
    static func pagesChanged(_ count: Int) -> String {
        "\(count) page\(count == 1 ? "" : "s") of the wiki changed"
    }
}
