import WikiDocuments
import WikiModel
import WikiPages

extension CheckRules {
    /// One finding per alias a page gives that another page's title or alias holds already
    /// (`WikiAliases.Collision`), about the page that loses it, naming both pages.
    static func aliasCollisions(in analysis: WikiAnalysis) -> [CheckFinding] {
        analysis.aliases.collisions.compactMap { collision in
            guard let page = analysis.page(titled: collision.page) else { return nil }
            let alias = MessageText.quoted(collision.alias.text)
            let winner = MessageText.quoted(collision.winner.text)
            let holder =
                collision.isWinnersTitle
                ? "it is the title of page \(winner)"
                : "page \(winner) gives it first (in byte order of the titles)"
            return CheckFinding(
                .aliasCollision,
                at: CheckLocation(
                    wikiID: analysis.wiki.id, documentID: page.documentID, page: collision.page, origin: page.origin),
                collidingTitles: [collision.page, collision.winner],
                message: "alias \(alias): \(holder), so links to it lead there; remove or change the alias")
        }
    }
}
