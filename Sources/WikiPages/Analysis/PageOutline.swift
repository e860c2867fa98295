import WikiDocuments
import WikiModel
import WikiRender

/// A wikilink of a page, as the link graph keeps it: where it points and where it is written.
public struct PageLink: Sendable, Equatable, CustomStringConvertible {
    /// The page linked to, or nil for a heading of the linking page itself (`[[#Heading]]`).
    public let target: PageTitle?
    /// The heading as written after `#` (trimmed), or nil for the page itself. It is matched
    /// against the target's heading ids through `HeadingSlug`, as the rendered link is.
    public let fragment: String?
    /// The 1-based line of the page's Markdown the link is written on.
    public var line: Int { Int(storedLine) }
    /// `line`, in 4 bytes (a wiki holds millions of links); a page of more lines than that is
    /// beyond anything a document can hold.
    private let storedLine: Int32
    /// Whether it is an embed (`![[Page]]`, `![[Page#Heading]]`): the linking page shows the
    /// target's body, so it must be rendered again when the target changes.
    public let isEmbed: Bool

    /// A link to `target` (nil: the linking page), heading `fragment`, written on `line`; an
    /// embed when `isEmbed`.
    public init(target: PageTitle?, fragment: String?, line: Int, isEmbed: Bool = false) {
        self.target = target
        self.fragment = fragment
        storedLine = Int32(clamping: line)
        self.isEmbed = isEmbed
    }

    /// Exact: titles and fragments compare by their Unicode scalars, never by canonical
    /// equivalence.
    public static func == (lhs: PageLink, rhs: PageLink) -> Bool {
        guard lhs.target == rhs.target, lhs.line == rhs.line, lhs.isEmbed == rhs.isEmbed else { return false }
        switch (lhs.fragment, rhs.fragment) {
        case (nil, nil): return true
        case (let left?, let right?): return left.isExactly(right)
        default: return false
        }
    }

    /// `Title#Fragment (line N)`, `!` first for an embed, for messages and test failures.
    public var description: String {
        (isEmbed ? "!" : "") + (target?.text ?? "") + (fragment.map { "#" + $0 } ?? "") + " (line \(line))"
    }
}

/// What the analysis pass learns about one page before any page is written: the wikilinks it
/// makes, its headings, and its length. Everything else about a page (backlinks, whether its
/// links exist) follows from the outlines of all the pages of its wiki, in `LinkGraph`.
///
/// An outline is a function of the page's Markdown and the link style alone, so a stored one
/// stays valid for as long as the page's revision does.
public struct PageOutline: Sendable {
    /// The wikilinks and embeds of pages, in document order (self links and `[[#Heading]]`
    /// included).
    public let links: [PageLink]
    /// The headings, in document order, with the ids the rendered page gives them.
    public let headings: [Heading]
    /// The number of words of the page's Markdown (see `WordCount`).
    public let wordCount: Int
    /// The embeds of the page's own attachments (`![[name.png]]`), in document order: the
    /// attachments a build writes beside the page.
    public let attachments: [AttachmentEmbed]
    /// The Obsidian block ids (`^id`, without the `^`), in document order: the blocks a
    /// `[[Page#^id]]` lands on.
    public let blockIDs: [String]
    /// The page's tags, each once (by `WikiTag.key`) as the page first writes it: its front
    /// matter's, then those of its text, in order.
    public let tags: [WikiTag]
    /// In a wiki with CamelCase links, the CamelCase words of the page's text that stand where
    /// they would link, linked or not, each once, in byte order: the titles whose pages, coming
    /// or going, change its links (the state indexes them, `BuildState+CamelCaseWords`).
    public var camelCaseWords: [PageTitle] = []

    /// An outline with the given parts.
    public init(
        links: [PageLink], headings: [Heading], wordCount: Int, attachments: [AttachmentEmbed] = [],
        blockIDs: [String] = [], tags: [WikiTag] = []
    ) {
        self.links = links
        self.headings = headings
        self.wordCount = wordCount
        self.attachments = attachments
        self.blockIDs = blockIDs
        self.tags = tags
    }

    /// `tags` each once by key, in the order first written.
    static func distinct(_ tags: [WikiTag]) -> [WikiTag] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.key).inserted }
    }

    /// This outline, the target of each link to a published page replaced by the title `titles`
    /// holds: an equal title that shares the page's storage, so that the outlines of a wiki do
    /// not hold a copy of a title for every link to it (a million links at 100,000 pages).
    func sharingTitles(with titles: PublishedTitles) -> PageOutline {
        var shared = PageOutline(
            links: links.map { link in
                guard let target = link.target, let stored = titles.stored(target) else { return link }
                return PageLink(target: stored, fragment: link.fragment, line: link.line, isEmbed: link.isEmbed)
            },
            headings: headings, wordCount: wordCount, attachments: attachments, blockIDs: blockIDs, tags: tags)
        shared.camelCaseWords = camelCaseWords
        return shared
    }

    /// `words` each once, in byte order (`camelCaseWords`).
    static func distinct(_ words: [PageTitle]) -> [PageTitle] {
        words.isEmpty ? [] : Set(words).sorted()
    }

    /// The outline of `markdown`, whose headings, wikilinks, embeds, block ids and tags the
    /// renderer found (with the front matter's tags first); the words are counted in `markdown`.
    init(
        markdown: UnsafeBufferPointer<UInt8>, headings: [Heading], links: [WikilinkOccurrence],
        attachments: [AttachmentEmbed],
        blockIDs: [String], tags: [WikiTag]
    ) {
        self.links = links.map {
            PageLink(target: $0.target.title, fragment: $0.target.fragment, line: $0.line, isEmbed: $0.isEmbed)
        }
        self.headings = headings
        self.wordCount = WordCount.words(in: markdown)
        self.attachments = attachments
        self.blockIDs = blockIDs
        self.tags = Self.distinct(tags)
    }
}
