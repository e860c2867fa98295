import WikiModel
import WikiRender

/// Pages often start with their own title as a heading (`# Sync Client` on the page "Sync
/// Client", as TouchWiki wrote them). The page already shows its title, so such a heading is
/// taken out of the body, its `id` given to the page's title (links to it still land), and it
/// is left out of the table of contents, where it would be a section holding the whole page.
struct PageTitleHeading {
    /// The body, without the title heading when it had one.
    let bodyHTML: String
    /// The headings for the table of contents.
    let headings: [Heading]
    /// The `id` of the heading taken out, for the page's title; nil when there was none.
    let titleID: String?

    /// Splits the title heading off `bodyHTML` (whose headings are `headings`) of the page shown
    /// as `title`: only when the body starts with an `<h1>` whose plain text is exactly the title.
    init(title: String, bodyHTML: String, headings: [Heading]) {
        let closing = "</h1>\n"
        guard let first = headings.first, first.level == 1, first.text.isExactly(title),
            bodyHTML.utf8.starts(with: "<h1 ".utf8), let end = bodyHTML.utf8.firstRange(of: closing.utf8)
        else {
            self.bodyHTML = bodyHTML
            self.headings = headings
            titleID = nil
            return
        }
        self.bodyHTML = String(bodyHTML[end.upperBound...])
        self.headings = Array(headings.dropFirst())
        titleID = first.id
    }
}
