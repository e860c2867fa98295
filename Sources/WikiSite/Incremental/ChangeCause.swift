import WikiDocuments
import WikiModel

/// Why a change of documents makes a build write or remove a file: a value that tests compare,
/// and the words `--explain` prints (`description`).
enum ChangeCause: Hashable, Sendable, CustomStringConvertible {
    /// The page was created, published again or made public.
    case created
    /// The page's document changed.
    case edited
    /// The page was deleted or unpublished.
    case removed
    /// The wiki's own document changed, its title did not (its home shows the rest of it).
    case wikiDocumentChanged
    /// The page links to `title`, which was created (`exists`) or deleted.
    case linksTo(PageTitle, exists: Bool)
    /// The page embeds `title`, directly or through the pages it embeds, and shows its body.
    case embeds(PageTitle)
    /// The page `linker` now links to this one, or (`links` false) no longer does.
    case backlink(from: PageTitle, links: Bool)
    /// `count` pages of the wiki changed: its special pages and home list and count them.
    case pagesChanged(Int)

    var description: String {
        switch self {
        case .created: "page created or published"
        case .edited: "page edited"
        case .removed: "page deleted or unpublished"
        case .wikiDocumentChanged: "the wiki's document changed"
        case .linksTo(let title, let exists):
            "links to \(MessageText.quoted(title.text)), which \(exists ? "now exists" : "no longer exists")"
        case .embeds(let title): "embeds \(MessageText.quoted(title.text)), whose body changed"
        case .backlink(let linker, let links):
            "\(MessageText.quoted(linker.text)) \(links ? "now links" : "no longer links") here"
        case .pagesChanged(let count): "\(count) page\(count == 1 ? "" : "s") of the wiki changed"
        }
    }
}
