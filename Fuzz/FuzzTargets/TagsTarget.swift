import WikiDocuments
import WikiModel
import WikiRender

/// Obsidian's tags on arbitrary bytes read as UTF-8: each line of the input read as a tag
/// (`WikiTag`, as front matter's `tags:` gives them), and the whole input rendered as Markdown,
/// whose inline tag pass (`InlineTags`) writes each `#tag` as a link to its tag page.
///
/// What must hold:
/// - A tag's page file (`SitePaths.tagFile`) and the folder beside it are each one safe path
///   component (the rules of `FileNameRules`), at most 137 and 132 bytes; its href is
///   `_special/tags/` and the file name percent-encoded, so no tag writes outside its folder.
/// - A tag reads back from its `#` form, and is nested under at most `WikiTag.maximumNesting`
///   tags, each a prefix of it, at a `/`.
/// - Two tags that are not the same tag never get file names a file system takes for the
///   same, unless their hashes are equal.
/// - Rendering gives the same HTML and tags twice; with raw HTML off, every `<a class="tag">`
///   leads to the page of a tag the renderer reported, and there are no more such links than
///   tags reported; in the strict CommonMark dialect there are no tags.
enum TagsTarget {
    /// The tags compared pairwise at most, so that a long input stays fast.
    static let comparedTags = 64

    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let text = String(decoding: input, as: UTF8.self)
        var tags = text.split(separator: "\n").compactMap { WikiTag(String($0)) }
        let rendered = render(text, dialect: .gfm)
        try checkLinks(in: rendered)
        let again = render(text, dialect: .gfm)
        try require(
            again.html == rendered.html && again.tags == rendered.tags, "rendering the same Markdown twice differed")
        let strict = render(text, dialect: .commonmark)
        try require(
            strict.tags.isEmpty && !strict.html.contains("class=\"tag\""), "the CommonMark dialect wrote a tag")
        tags += rendered.tags
        for tag in tags { try check(tag) }
        try checkDistinct(Array(tags.prefix(comparedTags)))
    }

    private static func render(_ markdown: String, dialect: MarkdownDialect) -> RenderedMarkdown {
        MarkdownRenderer(options: MarkdownOptions(dialect: dialect)).render(markdown, resolve: MarkdownTarget.resolve)
    }

    /// Every tag link leads to the page of a tag reported, and there are no more than reported.
    private static func checkLinks(in rendered: RenderedMarkdown) throws(InvariantViolation) {
        let hrefs = Set(rendered.tags.map(SitePaths.tagHref))
        var links = 0
        for tag in try HTMLTags(rendered.html).tags
        where tag.name == "a" && !tag.isEnd && tag.value(of: "class") == "tag" {
            links += 1
            let href = tag.value(of: "href") ?? ""
            try require(hrefs.contains(href), "a tag link to \(shown(href)), no reported tag's page")
        }
        try require(links <= rendered.tags.count, "\(links) tag links but \(rendered.tags.count) tags reported")
    }

    /// The checks on one tag: its files, its href, its `#` form and its nesting.
    static func check(_ tag: WikiTag) throws(InvariantViolation) {
        let what = "the tag \(shown(tag.text))"
        try require(WikiTag(tag.description) == tag, "\(what) does not read back from \(shown(tag.description))")
        try checkFiles(of: tag, what)
        let ancestors = tag.ancestors
        try require(
            ancestors.count <= WikiTag.maximumNesting, "\(what) is nested under \(ancestors.count) tags")
        for ancestor in ancestors {
            try require(tag.key.hasPrefix(ancestor.key + "/"), "\(what) is nested under \(shown(ancestor.text))")
            try checkFiles(of: ancestor, "the tag \(shown(ancestor.text)) above \(what)")
        }
    }

    private static func checkFiles(of tag: WikiTag, _ what: String) throws(InvariantViolation) {
        let file = SitePaths.tagFile(tag)
        try FileNameRules.checkComponent(file, maximumBytes: 137, "the file of \(what)")
        try require(file.hasSuffix(".html"), "the file of \(what) is \(shown(file))")
        try FileNameRules.checkComponent(SitePaths.tagStem(tag), maximumBytes: 132, "the folder of \(what)")
        let href = SitePaths.tagHref(tag)
        let prefix = SitePaths.specialFolder + "/" + SitePaths.tagsFolder + "/"
        try require(
            href.hasPrefix(prefix)
                && SitePathsTarget.percentDecoded(String(href.dropFirst(prefix.count)))?.elementsEqual(file.utf8)
                    == true,
            "the href of \(what) is \(shown(href)), not its file \(shown(file)) encoded")
    }

    /// No two tags that differ get files a file system takes for the same.
    private static func checkDistinct(_ tags: [WikiTag]) throws(InvariantViolation) {
        for (index, tag) in tags.enumerated() {
            for other in tags[(index + 1)...] where other.key != tag.key {
                let (lhs, rhs) = (SitePaths.tagFile(tag), SitePaths.tagFile(other))
                guard FileNameRules.clash(lhs, rhs) else { continue }
                if let left = FileNameRules.hash(of: lhs), let right = FileNameRules.hash(of: rhs), left == right {
                    continue
                }
                throw InvariantViolation(
                    "the tags \(shown(tag.text)) and \(shown(other.text)) get the files \(shown(lhs)), \(shown(rhs))")
            }
        }
    }
}
