import WikiRender

/// The page served for a path that names no file: it says what was asked for (HTML-escaped, so a
/// URL cannot add markup or script) and links to the site's index, with the theme's stylesheet
/// when the site has one.
struct NotFoundPage {
    /// The path asked for, as the request wrote it.
    let requested: String
    /// The site path of the theme's stylesheet, when the preview folder has one.
    let stylesheet: String?

    /// The page's HTML.
    var html: String {
        let style = stylesheet.map { "<link rel=\"stylesheet\" href=\"/\(HTMLText.escaped($0))\">" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Not found</title>\(style)</head>
            <body><main class="content"><h1 class="page-title">Not found</h1>
            <p>The preview has no file at <code>\(HTMLText.escaped(requested))</code>.</p>
            <p><a href="/">The index of the site</a></p></main></body>
            </html>

            """
    }
}
