import WikiModel
import WikiRender

/// Pages often start with their own title as a heading (`# Sync Client` on the page "Sync
/// Client", as TouchWiki wrote them). The page already shows its title, so such a heading is
/// taken out of the body, its `id` given to the page's title (links to it still land), and it
/// is left out of the table of contents, where it would be a section holding the whole page.
package struct PageTitleHeading {
    /// The body, without the title heading when it had one.
    let bodyHTML: String
    /// The headings for the table of contents.
    let headings: [Heading]
    /// The `id` of the heading taken out, for the page's title; nil when there was none.
    let titleID: String?

    /// Splits the title heading off `bodyHTML` (whose headings are `headings`) of the page shown
    /// as `title`: only when the body starts with an `<h1>` whose plain text is exactly the title.
    init(title: String, bodyHTML: String, headings: [Heading]) {
        guard let first = headings.first, first.level == 1, first.text.isExactly(title),
            bodyHTML.utf8.starts(with: "<h1 ".utf8), let end = Self.end(ofFirstHeadingIn: bodyHTML)
        else {
            self.bodyHTML = bodyHTML
            self.headings = headings
            titleID = nil
            return
        }
        self.bodyHTML = String(bodyHTML[end...])
        self.headings = Array(headings.dropFirst())
        titleID = first.id
    }

    /// Where the first `</h1>` of `html` and its line's end stop: a byte search, where the
    /// standard library's `firstRange(of:)` is a generic one that costs more than the rest of
    /// the page's assembly.
    private static func end(ofFirstHeadingIn html: String) -> String.Index? {
        let closing: [UInt8] = Array("</h1>\n".utf8)
        let utf8 = html.utf8
        var start = utf8.startIndex
        while let found = utf8[start...].firstIndex(of: closing[0]) {
            if utf8[found...].starts(with: closing) { return utf8.index(found, offsetBy: closing.count) }
            start = utf8.index(after: found)
        }
        return nil
    }
}
