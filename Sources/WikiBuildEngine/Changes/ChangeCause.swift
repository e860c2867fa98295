import WikiDocuments
import WikiModel

/// Why a build writes or removes a file: a value that tests compare, and the words `--explain`
/// prints (`description`).
package enum ChangeCause: Equatable, Sendable, CustomStringConvertible {
    /// The build renders everything, for `reason`.
    case fullBuild(FullBuildReason)
    /// The theme file `name` changed.
    case themeFileChanged(String)
    /// The wiki is published for the first time.
    case newWiki
    /// The wiki's title changed: every file of it shows the title.
    case wikiRetitled
    /// The wiki was deleted or is no longer published.
    case wikiRemoved
    /// A wiki or a page of the site changed: the site's own files list them.
    case siteChanged
    /// The page was created, published again or made public.
    case created
    /// The page's document changed.
    case edited
    /// The page was deleted or unpublished.
    case removed
    /// The page did not change, but a link of it names another page now (a note came or went).
    case linksLeadElsewhere
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
    /// The file is the redirect of an alias, which now leads to the page `title`.
    case aliasOf(PageTitle)
    /// The file was the redirect of an alias no page gives now, or that a page's title took.
    case aliasGone
    /// The alias `alias`, which pages link to, leads to this page now, or no longer does: its
    /// linkers are among the page's backlinks, or leave them.
    case aliasLinkers(PageTitle)
    /// The file of the search index holds terms or the entry of the page `title`, which changed.
    case searchEntry(PageTitle)
    /// The file is a file of a folder wiki's folder that a published note names, or was one that
    /// none names now (`WikiAnalysis.folderFiles`).
    case folderFile(named: Bool)

    package var description: String {
        switch self {
        case .fullBuild(let reason): "full build: \(reason)"
        case .themeFileChanged(let name): "theme file \(name) changed"
        case .newWiki: "new wiki"
        case .wikiRetitled: "the wiki's title changed"
        case .wikiRemoved: "wiki deleted or no longer published"
        case .siteChanged: "wikis or pages changed"
        case .created: "page created or published"
        case .edited: "page edited"
        case .removed: "page deleted or unpublished"
        case .linksLeadElsewhere: "a link of the page names another page now"
        case .wikiDocumentChanged: "the wiki's document changed"
        case .linksTo(let title, let exists):
            "links to \(MessageText.quoted(title.text)), which \(exists ? "now exists" : "no longer exists")"
        case .embeds(let title): "embeds \(MessageText.quoted(title.text)), whose body changed"
        case .backlink(let linker, let links):
            "\(MessageText.quoted(linker.text)) \(links ? "now links" : "no longer links") here"
        case .pagesChanged(let count): "\(count) page\(count == 1 ? "" : "s") of the wiki changed"
        case .aliasOf(let title): "an alias of \(MessageText.quoted(title.text))"
        case .aliasGone: "no longer an alias with a redirect"
        case .aliasLinkers(let alias): "the pages linking to alias \(MessageText.quoted(alias.text)) come or go"
        case .searchEntry(let title): "holds terms or the entry of \(MessageText.quoted(title.text)), which changed"
        case .folderFile(let named): named ? "a published note names this file" : "no published note names this file"
        }
    }
}
