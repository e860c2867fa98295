import WikiModel
import WikiRender

/// `MarkdownRenderer.render` on arbitrary bytes read as UTF-8 (invalid bytes become U+FFFD, as
/// the JSON parser makes them), with both link styles, raw HTML off and on, and CamelCase links.
///
/// What must hold:
/// - Rendering never crashes or hangs, and gives the same HTML twice.
/// - With raw HTML off, the HTML holds only the elements and attributes cmark and wikisite
///   write, GitHub's and Obsidian's extensions included, and those a writer's raw HTML keeps,
///   each with only its own attributes (`HTMLTags`): no `<script>`, no event attribute, no
///   `style`, no raw `<` or `>` from the text, and no `javascript:`, `vbscript:`, `file:` or
///   non-image `data:` URL (`DangerousURL`). Every `<div>` and `</div>` pair up, so no raw
///   `</div>` closes one wikisite wrote. A callout's `data-callout` is one of its 13 families.
/// - Embeds are rendered with `SelfEmbeds`, where every page that exists holds this same
///   Markdown, so embeds nest and cycle as deep as the renderer lets them.
/// - Every heading gets an id, unique in the page, made of slug characters; with raw HTML off
///   the `<hN id>` tags outside embedded pages and footnotes are exactly the headings reported,
///   in order, and the headings of embedded pages and footnotes have no id.
/// - Every wikilink's href is the resolved page file (one percent-encoded path component, never
///   a `/` or a scheme) and an optional `#` and heading slug or `^` and block id; a link to a
///   missing page says so.
/// - With raw HTML off, the `id`s that start with `^` outside embedded pages and footnotes are
///   exactly the block ids reported, each once, and there are none inside them.
/// - Every wikilink reported is on a line of the Markdown, and outside embedded pages there
///   are no more wikilink elements than wikilinks reported.
/// - Footnotes: every reference leads to a note of the same page. (A back-reference may not:
///   as in `cmark-gfm`, a reference in a note that is left out still counts as a use.)
/// - No U+FFFD appears in the output unless the Markdown has one, a NUL or a numeric character
///   reference (what cmark itself replaces): nothing cuts a character in two.
/// - Without `|` or `&` in the Markdown, both link styles render the same.
enum MarkdownTarget {
    /// Raw HTML off with CamelCase links (both are what a page of an untrusted wiki gets, and
    /// CamelCase links add elements), raw HTML on without, each in both link styles.
    static let optionSets: [MarkdownOptions] = [
        MarkdownOptions(linkStyle: .obsidian, allowRawHTML: false, camelCaseLinks: true),
        MarkdownOptions(linkStyle: .gollum, allowRawHTML: false, camelCaseLinks: true),
        MarkdownOptions(linkStyle: .obsidian, allowRawHTML: true, camelCaseLinks: false),
        MarkdownOptions(linkStyle: .gollum, allowRawHTML: true, camelCaseLinks: false),
    ]

    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let markdown = String(decoding: input, as: UTF8.self)
        let facts = InputFacts(markdown)
        var outputs: [String] = []
        for options in optionSets {
            let rendered = render(markdown, options)
            try check(rendered, options: options, facts: facts)
            outputs.append(rendered.html)
        }
        let again = render(markdown, optionSets[0]).html
        try require(again == outputs[0], "rendering the same Markdown twice gave different HTML")
        if !facts.hasPipeOrAmpersand {
            try require(
                outputs[0] == outputs[1] && outputs[2] == outputs[3],
                "without '|' the Obsidian and Gollum link styles rendered differently")
        }
    }

    /// `markdown` rendered as the page `Fuzz`, its embeds showing `SelfEmbeds`.
    static func render(_ markdown: String, _ options: MarkdownOptions) -> RenderedMarkdown {
        MarkdownRenderer(options: options).render(
            markdown, of: PageTitle("Fuzz"), resolve: resolve, embeds: SelfEmbeds(markdown: markdown))
    }

    /// Every page that exists (`resolve`) holds `markdown`; an attachment exists, as a PNG,
    /// when its name has an even number of bytes.
    struct SelfEmbeds: EmbedSource {
        let markdown: String

        func markdown(ofPage title: PageTitle) -> String? {
            resolve(WikilinkTarget(title: title, fragment: nil)).exists ? markdown : nil
        }

        func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? {
            guard let page, name.utf8.count % 2 == 0 else { return nil }
            let href =
                SitePaths.urlEncoded(SitePaths.attachmentFolder(page)) + "/"
                + SitePaths.urlEncoded(SitePaths.attachmentFile(name))
            return EmbeddedAttachment(href: href, contentType: "image/png")
        }
    }

    /// A page exists when its title has an even number of bytes, so both kinds of link occur.
    static func resolve(_ target: WikilinkTarget) -> ResolvedLink {
        guard let title = target.title else { return ResolvedLink(href: "", exists: true) }
        return ResolvedLink(href: SitePaths.pageHref(title), exists: title.text.utf8.count % 2 == 0)
    }

    /// What the checks need to know about the Markdown.
    struct InputFacts {
        /// How many lines cmark sees (LF, CR and CRLF end a line).
        let lineCount: Int
        /// Whether cmark may put U+FFFD in the output: the Markdown holds one, a NUL, or `&#`.
        let mayReplaceCharacters: Bool
        let hasPipeOrAmpersand: Bool

        init(_ markdown: String) {
            var lines = 1
            var previous: UInt8 = 0
            var hasNUL = false
            var hasPipeOrAmpersand = false
            var hasNumericReference = false
            for byte in markdown.utf8 {
                if byte == 0x0A || previous == 0x0D { lines += 1 }  // an LF, or a CR not before an LF
                if byte == 0 { hasNUL = true }
                if byte == UInt8(ascii: "|") || byte == UInt8(ascii: "&") { hasPipeOrAmpersand = true }
                if previous == UInt8(ascii: "&") && byte == UInt8(ascii: "#") { hasNumericReference = true }
                previous = byte
            }
            if previous == 0x0D { lines += 1 }
            lineCount = lines
            mayReplaceCharacters = hasNUL || hasNumericReference || markdown.unicodeScalars.contains("\u{FFFD}")
            self.hasPipeOrAmpersand = hasPipeOrAmpersand
        }
    }

    private static func check(
        _ rendered: RenderedMarkdown, options: MarkdownOptions, facts: InputFacts
    ) throws(InvariantViolation) {
        let settings = "(\(options.linkStyle.rawValue), raw HTML \(options.allowRawHTML ? "on" : "off"))"
        var ids: Set<String> = []
        for heading in rendered.headings {
            try require(
                (1...6).contains(heading.level), "a heading of level \(heading.level) \(settings)")
            try require(
                !heading.id.isEmpty && !heading.id.utf8.contains(where: isNotInSlug),
                "the heading id \(shown(heading.id)) is not a slug \(settings)")
            try require(ids.insert(heading.id).inserted, "two headings have the id \(shown(heading.id)) \(settings)")
        }
        for link in rendered.links {
            try require(
                (1...facts.lineCount).contains(link.line),
                "a wikilink on line \(link.line) of \(facts.lineCount) \(settings)")
        }
        if !facts.mayReplaceCharacters {
            let texts = [rendered.html] + rendered.headings.flatMap { [$0.text, $0.id] } + rendered.links.map(\.label)
            for text in texts where text.unicodeScalars.contains("\u{FFFD}") {
                throw InvariantViolation("U+FFFD in the output (a character cut in two?) \(settings): \(shown(text))")
            }
        }
        if !options.allowRawHTML {
            try checkTags(of: rendered, settings: settings)
        }
    }

    /// The classes of the `<div>`s wikisite writes: embeds, tables' wrappers and callouts.
    static let divClasses: Set<String> = ["embed", "table-wrapper", "callout", "callout-title", "callout-content"]
    /// The only values of a callout's `data-callout`: its family, never the type as written.
    static let calloutFamilies: Set<String> = [
        "note", "abstract", "info", "todo", "tip", "success", "question", "warning", "failure", "danger", "bug",
        "example", "quote",
    ]

    private static func checkTags(of rendered: RenderedMarkdown, settings: String) throws(InvariantViolation) {
        let tags = try HTMLTags(rendered.html).tags
        var headingIndex = 0
        var wikilinks = 0
        var embedDepth = 0  // `<div class="embed">`s are embedded pages: cmark writes no `<div>`
        var openDivs: [Bool] = []  // whether each open `<div>` is an embed (else a table's)
        var footnotes = FootnoteLinks()
        var footnoteDepth = 0  // `<section>`s hold footnotes, whose headings are no page headings
        var blockIDs: [String] = []
        try checkNesting(tags, settings: settings)
        for (index, tag) in tags.enumerated() {
            try footnotes.read(tag, settings: settings)
            if !tag.isEnd, let id = tag.value(of: "id"), id.hasPrefix("^") {
                try require(embedDepth == 0 && footnoteDepth == 0, "an embedded or footnote block id \(settings)")
                blockIDs.append(String(id.dropFirst()))
            }
            if tag.name == "section" {
                footnoteDepth += tag.isEnd ? -1 : 1
                continue
            }
            if tag.name == "div" {
                if tag.isEnd {
                    try require(!openDivs.isEmpty, "a </div> that closes nothing \(settings)")
                    if openDivs.removeLast() { embedDepth -= 1 }
                } else {
                    // An embed's frame starts with its source, a `<p class>` raw HTML cannot write.
                    let isEmbed =
                        tag.value(of: "class") == "embed" && index + 1 < tags.count
                        && tags[index + 1].name == "p" && tags[index + 1].value(of: "class") == "embed-source"
                    try require(
                        isEmbed || (tag.value(of: "class").map(divClasses.contains) ?? false)
                            || tag.attributes.allSatisfy { $0.name == "class" },
                        "a <div> that is neither an embed, a table's, a callout's nor one raw HTML keeps \(settings)")
                    openDivs.append(isEmbed)
                    if isEmbed { embedDepth += 1 }
                }
                continue
            }
            guard !tag.isEnd else { continue }
            if let family = tag.value(of: "data-callout") {
                try require(calloutFamilies.contains(family), "a callout of family \(shown(family)) \(settings)")
            }
            for (name, value) in tag.attributes
            where (name == "href" || name == "src") && DangerousURL.isDangerous(value) {
                throw InvariantViolation("a dangerous URL in <\(tag.name) \(name)=\"\(value)\"> \(settings)")
            }
            let isHeading = tag.name.count == 2 && tag.name.first == "h" && Int(tag.name.dropFirst()) != nil
            if embedDepth > 0 || footnoteDepth > 0 {
                try require(
                    !isHeading || tag.value(of: "id") == nil, "an embedded or footnote heading with an id \(settings)")
                continue
            }
            if tag.name.count == 2, tag.name.first == "h", let level = Int(tag.name.dropFirst()) {
                try require(
                    headingIndex < rendered.headings.count,
                    "more <h1>–<h6> elements than headings reported \(settings)")
                let heading = rendered.headings[headingIndex]
                try require(
                    heading.level == level && tag.value(of: "id") == heading.id,
                    "<\(tag.name) id=\(tag.value(of: "id").map { shown($0) } ?? "nil")> for the heading "
                        + "\(heading.level) \(shown(heading.id)) \(settings)")
                headingIndex += 1
            }
            if tag.name == "a", let classes = tag.value(of: "class"), classes.hasPrefix("wikilink") {
                wikilinks += 1
                try checkWikilink(tag, classes: classes, settings: settings)
            }
        }
        try require(
            headingIndex == rendered.headings.count,
            "\(rendered.headings.count) headings reported, \(headingIndex) in the HTML \(settings)")
        try footnotes.check(settings: settings)
        try require(
            blockIDs.sorted() == rendered.blockIDs.sorted() && Set(blockIDs).count == blockIDs.count,
            "block ids \(blockIDs) in the HTML, \(rendered.blockIDs) reported \(settings)")
        try require(
            wikilinks <= rendered.links.count,
            "\(wikilinks) wikilink elements but \(rendered.links.count) wikilinks reported \(settings)")
    }

    /// Every end tag closes the innermost open element and every element is closed: nothing
    /// a writer types closes, or leaves open, what wikisite writes around it.
    private static func checkNesting(_ tags: [HTMLTags.Tag], settings: String) throws(InvariantViolation) {
        var open: [String] = []
        for tag in tags where !HTMLTags.voidElements.contains(tag.name) {
            guard tag.isEnd else {
                open.append(tag.name)
                continue
            }
            try require(open.last == tag.name, "</\(tag.name)> closes <\(open.last ?? "nothing")> \(settings)")
            open.removeLast()
        }
        try require(open.isEmpty, "<\(open.last ?? "")> is never closed \(settings)")
    }

    private static func checkWikilink(
        _ tag: HTMLTags.Tag, classes: String, settings: String
    ) throws(InvariantViolation) {
        try require(
            classes == "wikilink" || (classes == "wikilink missing" && tag.value(of: "title") != nil),
            "a wikilink of class \(shown(classes)) \(settings)")
        guard let href = tag.value(of: "href") else {
            throw InvariantViolation("a wikilink without href \(settings)")
        }
        // Split on the byte: a combining mark after `#` makes one Character of the two.
        let bytes = Array(href.utf8)
        let numberSign = bytes.firstIndex(of: UInt8(ascii: "#"))
        let file = bytes[..<(numberSign ?? bytes.endIndex)]
        try require(
            file.allSatisfy { isKeptInURL($0) || $0 == UInt8(ascii: "%") },
            "the wikilink href \(shown(href)) is not one percent-encoded file name \(settings)")
        if let numberSign {
            var fragment = bytes[(numberSign + 1)...]
            if fragment.first == UInt8(ascii: "^") {
                fragment = fragment.dropFirst()
                try require(
                    !fragment.isEmpty && fragment.allSatisfy(isBlockIDByte),
                    "the wikilink href \(shown(href)) has a fragment that is not a block id \(settings)")
                return
            }
            try require(
                !fragment.isEmpty && !fragment.contains(where: isNotInSlug),
                "the wikilink href \(shown(href)) has a fragment that is not a heading slug \(settings)")
        }
    }

    private static func isKeptInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "+"),
            UInt8(ascii: "!"):
            true
        default: false
        }
    }

    /// The bytes of an Obsidian block id: ASCII letters, digits and `-`.
    private static func isBlockIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Bytes a heading slug never holds: ASCII other than letters, digits, `-` and `_`.
    private static func isNotInSlug(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "_"):
            return false
        default:
            return true
        }
    }
}

/// The notes and references of a page's footnotes: each reference to one of the notes.
private struct FootnoteLinks {
    private var ids: Set<String> = []
    private var targets: [String] = []

    /// Reads the note's id of `tag`, a `<li id>`, or the link of a reference, an `<a href>`.
    mutating func read(_ tag: HTMLTags.Tag, settings: String) throws(InvariantViolation) {
        guard !tag.isEnd else { return }
        let isReference = tag.value(of: "data-footnote-ref") != nil
        if tag.name == "li", let id = tag.value(of: "id") { ids.insert(id) }
        if isReference {
            guard let href = tag.value(of: "href"), href.hasPrefix("#") else {
                throw InvariantViolation("a footnote link that leaves the page \(settings)")
            }
            targets.append(String(href.dropFirst()))
        }
    }

    /// Whether every reference leads to a note.
    func check(settings: String) throws(InvariantViolation) {
        for target in targets where !ids.contains(target) {
            throw InvariantViolation("a footnote reference to \(shown(target)), which no note has \(settings)")
        }
    }
}
