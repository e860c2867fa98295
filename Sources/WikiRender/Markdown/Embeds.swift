import WikiModel

/// What the embeds (`![[…]]`) of a wiki's Markdown can show: the published pages of the wiki,
/// and the attachments of the page whose text holds the embed. The site answers from its
/// database; the renderer does the rest (sections, nesting, cycles).
public protocol EmbedSource {
    /// The Markdown of the published page `title` of the wiki; nil when it has none. A draft,
    /// or a page of another wiki, is no page: its embed is shown as missing.
    func markdown(ofPage title: PageTitle) -> String?

    /// The attachment called exactly `name` of the page `page` (nil: the wiki's home, which
    /// has none), when its bytes are published; nil otherwise.
    func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment?

    /// Where the embeds of this source's texts share their renderings with other texts'
    /// (`EmbedRenderings`); nil: every embed is rendered anew.
    var renderingScope: EmbedRenderingScope? { get }
}

extension EmbedSource {
    public var renderingScope: EmbedRenderingScope? { nil }
}

/// An attachment an embed shows, as the renderer needs it.
public struct EmbeddedAttachment: Sendable {
    /// Its URL relative to the file being rendered; the renderer HTML-escapes it.
    public let href: String
    /// Its MIME type (`content_type`).
    public let contentType: String

    public init(href: String, contentType: String) {
        self.href = href
        self.contentType = contentType
    }

    /// How an embed shows an attachment, as Obsidian does.
    public enum Kind: Sendable, Equatable {
        /// An `<img>` (`isImage`).
        case image
        /// An `<audio>` player with controls: an `audio/` type.
        case audio
        /// A `<video>` player with controls: a `video/` type.
        case video
        /// A link the browser opens: `application/pdf`.
        case pdf
        /// A link to download it: anything else.
        case download
    }

    /// How an embed shows it, by its type (parameters, spaces and letter case aside).
    public var kind: Kind {
        if isImage { return .image }
        let type = contentType.lowercased().prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        if type.hasPrefix("audio/") { return .audio }
        if type.hasPrefix("video/") { return .video }
        return type == "application/pdf" ? .pdf : .download
    }

    /// Whether it is shown as an image (`<img>`): its type is `image/` and a subtype of
    /// letters, digits, `.`, `+` and `-` (parameters, spaces and letter case aside). An SVG is
    /// one only as `image/svg+xml`, the type the model gives an SVG it cleaned
    /// (`Attachment.isSVG`); any other `image/svg…` type, like any other attachment, is shown as
    /// a link to download it.
    public var isImage: Bool {
        var type = Substring(contentType.lowercased()).prefix { $0 != ";" }
        while type.first == " " || type.first == "\t" { type = type.dropFirst() }
        while type.last == " " || type.last == "\t" { type = type.dropLast() }
        guard type.hasPrefix("image/"), !type.hasPrefix("image/svg") || type == "image/svg+xml" else { return false }
        let subtype = type.dropFirst("image/".count)
        return !subtype.isEmpty
            && subtype.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".+-".unicodeScalars.contains($0))
            }
    }
}

/// What an attachment embed's label says: its text, and the size Obsidian reads at its end:
/// `300` (a width), `300x200` (a width and a height), `alt|300` (a text and a width).
struct EmbedLabel {
    /// The text, for an image's `alt`; nil when the label is only a size.
    let text: String?
    /// The size as HTML attributes, with a space before each: ` width="300" height="200"`, or
    /// empty.
    let size: String

    init(_ label: String) {
        let parts = label.split(separator: "|", omittingEmptySubsequences: false)
        let sizes = parts.last.map { $0.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false) } ?? []
        let numbers = sizes.compactMap { $0.isEmpty || $0.count > 5 ? nil : Int($0, radix: 10) }
        guard !sizes.isEmpty, numbers.count == sizes.count, numbers.allSatisfy({ $0 >= 0 }) else {
            text = label
            size = ""
            return
        }
        text = parts.count > 1 ? parts.dropLast().joined(separator: "|") : nil
        size = " width=\"\(numbers[0])\"" + (numbers.count > 1 ? " height=\"\(numbers[1])\"" : "")
    }
}

/// An embed of an attachment (`![[name.png]]`, `![[name.png|alt]]`) written in a page.
public struct AttachmentEmbed: Sendable, Equatable {
    /// The attachment's name as written (trimmed).
    public let name: String
    /// The 1-based line of the Markdown where the embed is written.
    public let line: Int
    /// Whether it is a Markdown image or link to a file by its relative path (`FileLinks`), not
    /// an embed: in a folder wiki, one the page has no attachment for names no file
    /// (`missing_file`).
    public let isLink: Bool

    public init(name: String, line: Int, isLink: Bool = false) {
        self.name = name
        self.line = line
        self.isLink = isLink
    }

    /// The extensions that make an embed name an attachment even when the page has no
    /// attachment of that name (it is then a missing attachment, not a missing page):
    /// `SitePaths.passiveExtensions` and `svg`. Compared in lowercase.
    public static let fileExtensions = SitePaths.passiveExtensions.union(["svg"])
}

/// The source of a text rendered without a wiki (`render(_:resolve:)`): no page can be
/// embedded and no text has attachments, so every embed is shown as missing.
struct NoEmbeds: EmbedSource {
    func markdown(ofPage title: PageTitle) -> String? { nil }
    func attachment(named name: String, ofPage page: PageTitle?) -> EmbeddedAttachment? { nil }
}
