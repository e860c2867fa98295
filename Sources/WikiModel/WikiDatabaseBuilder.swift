import WikiDocuments

/// Collects documents from any number of sources, then validates them into a `WikiDatabase`.
///
/// Add every document of every source (in any order: the result does not depend on it, apart
/// from which copy of one revision delivered twice is kept), then call `build()` once.
/// `DocumentHistory` explains how the winning revision of each `_id` is picked.
///
/// Drafts (`draft: true`) are kept apart from the published pages, unless the builder
/// `includesDrafts`: then a draft is published as a page that keeps its `isDraft` mark.
///
/// Left out quietly, and counted in `WikiDatabase.ignored`: documents whose winner is deleted,
/// `_design/` and `_local/` documents, documents of another `type`, and the pages of a wiki
/// whose wiki document is deleted. Left out with a `SkippedDocument` warning: every invalid
/// document (the reasons are in `build()`).
public struct WikiDatabaseBuilder {
    /// Each `_id`'s revisions; `positions` finds an `_id`'s entry (the array keeps the large
    /// histories out of the dictionary, which then grows cheaply).
    private var histories: [DocumentHistory] = []
    private var positions: [ExactString: Int] = [:]
    private var machinery: Set<ExactString> = []
    private var otherTypesWithoutRevision: Set<ExactString> = []
    private var badRevisions: [BadRevisionKey: SkippedDocument] = [:]
    /// Where the Markdown of pages waits until it is read, if anywhere.
    private let stash: MarkdownStash?
    /// Whether drafts are published as pages (a preview's), rather than kept apart.
    private let includesDrafts: Bool

    /// An empty builder; with a `stash`, it keeps the Markdown of pages there rather than in
    /// memory (`MarkdownStash`); with `includesDrafts`, it publishes drafts as pages.
    public init(stashingMarkdownIn stash: MarkdownStash? = nil, includesDrafts: Bool = false) {
        self.stash = stash
        self.includesDrafts = includesDrafts
    }

    /// Adds one revision of one document.
    public mutating func add(_ document: Document) {
        let id = ExactString(document.id)
        if document.isMachinery {
            machinery.insert(id)
            return
        }
        guard let revision = document.revision else {
            guard document.isDeleted || DocumentKind(document) != nil else {
                otherTypesWithoutRevision.insert(id)
                return
            }
            let key = BadRevisionKey(id: id, revision: document.revisionText.map(ExactString.init))
            if badRevisions[key] == nil {
                badRevisions[key] = SkippedDocument(
                    documentID: document.id, origin: document.origin, reason: Self.badRevisionReason(document))
            }
            return
        }
        let version = DocumentHistory.Version(revision: revision, document: document)
        if let position = positions[id] {
            // A revision delivered again (two sources holding the same document) is not stashed
            // again: the history keeps the first copy and reads only this one's `_conflicts`.
            histories[position].add(histories[position].holds(revision) ? version : stashingMarkdown(of: version))
        } else {
            positions[id] = histories.count
            histories.append(DocumentHistory(stashingMarkdown(of: version)))
        }
    }

    /// `version`, its `markdown` moved from the body into the stash when there is one and it is
    /// a page whose `markdown` is a string (any other value stays, for the reader to refuse).
    private func stashingMarkdown(of version: DocumentHistory.Version) -> DocumentHistory.Version {
        let document = version.document
        guard let stash, DocumentKind(document) == .page, case .string(let markdown)? = document.body["markdown"]
        else { return version }
        var body = document.body
        body.members.removeAll { $0.key.isExactly("markdown") }
        let stripped = Document(
            id: document.id, revisionText: document.revisionText, isDeleted: document.isDeleted, body: body,
            origin: document.origin, hadInvalidText: document.hadInvalidText)
        return DocumentHistory.Version(revision: version.revision, document: stripped, markdown: stash.keep(markdown))
    }

    /// Validates everything added into a database.
    ///
    /// A document is skipped, with a warning naming its `_id` and the reason, when: its `_rev`
    /// is missing or not `N-hash`; a field has the wrong JSON type or a timestamp is not
    /// ISO 8601; a wiki `_id` is empty or holds a colon or control characters; a page `_id` has
    /// no colon, an empty wiki part or an empty title; the page's `wiki_id` is missing or
    /// disagrees with its `_id`; the page's wiki has no live, valid wiki document; its title
    /// holds control characters; its `_id` held invalid text (read as U+FFFD); two pages of one
    /// wiki have titles that normalize to the same `PageTitle` (the page whose `_id` already
    /// spells the normalized title is kept, else the smaller `_id` in byte order); two pages, or
    /// two wikis, would get file names that share their hash (see `SitePaths`; about one
    /// chance in 10^15 for a pair).
    public func build() -> WikiDatabase {
        var ignored = IgnoredDocuments()
        ignored.machinery = machinery.count
        var problems = DocumentProblems(skipped: Array(badRevisions.values))
        var wikiVersions: [DocumentHistory.Version] = []
        var pageVersions: [DocumentHistory.Version] = []
        var tombstones: Set<ExactString> = []

        for history in histories {
            let resolution = history.resolve()
            let winner = resolution.winner
            if winner.document.isDeleted {
                ignored.tombstones += 1
                tombstones.insert(ExactString(winner.document.id))
                continue
            }
            switch DocumentKind(winner.document) {
            case .wiki?: wikiVersions.append(winner)
            case .page?: pageVersions.append(winner)
            case nil:
                ignored.otherTypes += 1
                continue
            }
            if !resolution.losers.isEmpty {
                problems.conflicts.append(
                    ConflictedDocument(
                        documentID: winner.document.id, winner: winner.revision, losers: resolution.losers))
            }
        }
        ignored.otherTypes += otherTypesWithoutRevision.subtracting(positions.keys).count

        let wikis = WikiSelection(wikiVersions)
        problems.skipped += wikis.skipped
        problems.skippedAttachments += wikis.skippedAttachments.filter {
            wikis.published[ExactString($0.documentID)] != nil
        }
        var pagesByWiki: [ExactString: [Page]] = [:]
        for version in pageVersions {
            let document = version.document
            do throws(SkipReason) {
                let pageID = try PageID(document.id)
                let wikiID = ExactString(pageID.wikiID)
                guard let wiki = wikis.published[wikiID] else {
                    if wikis.refused.contains(wikiID) {
                        throw SkipReason(
                            "its wiki \(MessageText.quoted(pageID.wikiID)) is not published: the wiki document was skipped"
                        )
                    }
                    if tombstones.contains(wikiID) {
                        ignored.pagesOfDeletedWikis += 1
                        continue
                    }
                    throw SkipReason("its wiki \(MessageText.quoted(pageID.wikiID)) has no wiki document")
                }
                let read = try PageReader(version: version, pageID: pageID, wiki: wiki).read()
                pagesByWiki[wikiID, default: []].append(read.page)
                problems.skippedAttachments += read.skippedAttachments
                problems.invalidFrontMatter += read.invalidFrontMatter
            } catch {
                problems.skipped.append(
                    SkippedDocument(documentID: document.id, origin: document.origin, reason: error.message))
            }
        }

        var contents: [ExactString: WikiContents] = [:]
        for (wikiID, wiki) in wikis.published {
            let selection = PageSelection(pagesByWiki[wikiID] ?? [], includesDrafts: includesDrafts)
            problems.skipped += selection.skipped
            contents[wikiID] = WikiContents(wiki: wiki, pages: selection.published, drafts: selection.drafts)
        }
        return WikiDatabase(contents: contents, problems: problems, ignored: ignored, includesDrafts: includesDrafts)
    }

    private static func badRevisionReason(_ document: Document) -> String {
        guard let text = document.revisionText else {
            return "it has no \"_rev\"; every document needs a revision (\"N-hash\") to pick a winner"
        }
        return
            "its \"_rev\" \(MessageText.quoted(text)) is not of the form N-hash (a positive generation, a dash, a hash)"
    }
}

/// The two kinds of document this model publishes, by their `type` field.
enum DocumentKind {
    case wiki
    case page

    /// The kind of `document`; `nil` when `type` is absent or anything else.
    init?(_ document: Document) {
        switch document.body["type"] {
        case .string(let type)? where type.isExactly("wiki"): self = .wiki
        case .string(let type)? where type.isExactly("page"): self = .page
        default: return nil
        }
    }
}

/// One skipped revision per `_id` and `_rev` text, however often the sources repeat it.
private struct BadRevisionKey: Hashable {
    let id: ExactString
    let revision: ExactString?
}

/// The valid wikis, and the ones refused, each with a folder of its own.
private struct WikiSelection {
    var published: [ExactString: Wiki] = [:]
    var refused: Set<ExactString> = []
    var skipped: [SkippedDocument] = []
    /// The attachments left out of the wikis' documents.
    var skippedAttachments: [SkippedAttachment] = []

    init(_ versions: [DocumentHistory.Version]) {
        var valid: [Wiki] = []
        for version in versions {
            do {
                let read = try WikiReader(version: version).read()
                valid.append(read.wiki)
                skippedAttachments += read.skippedAttachments
            } catch {
                let document = version.document
                refused.insert(ExactString(document.id))
                skipped.append(SkippedDocument(documentID: document.id, origin: document.origin, reason: error.message))
            }
        }
        valid.sort { ExactString($0.id) < ExactString($1.id) }
        var folders = FileNameClaims<Wiki>()
        for wiki in valid {
            if let owner = folders.claim(.wiki(wiki.id), by: wiki) {
                refused.insert(ExactString(wiki.id))
                skipped.append(
                    SkippedDocument(
                        documentID: wiki.id, origin: wiki.origin,
                        reason: "its folder name would clash with that of wiki \(MessageText.quoted(owner.id)) "
                            + "(the two file names share their hash, a rare collision); give one of them another _id"))
            } else {
                published[ExactString(wiki.id)] = wiki
            }
        }
    }
}

/// The pages of one wiki, each title and each file name once.
///
/// Among pages whose titles normalize alike, the one whose `_id` spells the normalized title
/// is kept, else the smaller `_id` in byte order; published pages and drafts are separate
/// (a draft never displaces a published page). Among published pages whose file names share
/// a hash, the smaller title is kept.
///
/// When drafts are included, a draft is published too, after every page published anyway has
/// its title and file name: a draft whose title such a page has stays a draft, unseen.
private struct PageSelection {
    private(set) var published: [Page] = []
    private(set) var drafts: [Page] = []
    private(set) var skipped: [SkippedDocument] = []

    init(_ pages: [Page], includesDrafts: Bool) {
        // One sort, then one pass: drafts after published pages, then by title, the page to
        // keep first among equal titles.
        let titles = pages.map(\.title)
        let isDraft = pages.map(\.isDraft)
        let order = pages.indices.sorted { lhs, rhs in
            if isDraft[lhs] != isDraft[rhs] { return isDraft[rhs] }
            let byTitle = PageTitle.byteOrder(titles[lhs], titles[rhs])
            return byTitle != 0 ? byTitle < 0 : Self.isPreferred(pages[lhs], to: pages[rhs])
        }
        var files = FileNameClaims<Page>()
        var publishedTitles: Set<PageTitle> = []
        var includedDrafts: [Page] = []
        var leader: Page?  // the first page of the current run of equal titles
        for index in order {
            let page = pages[index]
            if let leader, leader.isDraft == page.isDraft, leader.title == page.title {
                skip(
                    page,
                    "its title normalizes to \(MessageText.quoted(page.title.text)), like that of page "
                        + "\(MessageText.quoted(leader.documentID)), which takes precedence")
                continue
            }
            leader = page
            if page.isDraft, !includesDrafts || publishedTitles.contains(page.title) {
                drafts.append(page)
            } else if let owner = files.claim(.page(page.title), by: page) {
                skip(
                    page,
                    "its file name would clash with that of page \(MessageText.quoted(owner.documentID)) "
                        + "(the two file names share their hash, a rare collision); rename one of them")
            } else if page.isDraft {
                includedDrafts.append(page)
            } else {
                published.append(page)
                if includesDrafts { publishedTitles.insert(page.title) }
            }
        }
        if !includedDrafts.isEmpty {
            published = (published + includedDrafts).sorted { PageTitle.byteOrder($0.title, $1.title) < 0 }
        }
    }

    private mutating func skip(_ page: Page, _ reason: String) {
        skipped.append(SkippedDocument(documentID: page.documentID, origin: page.origin, reason: reason))
    }

    private static func isPreferred(_ page: Page, to other: Page) -> Bool {
        let spells = spellsTitle(page)
        if spells != spellsTitle(other) { return spells }
        return page.documentID.precedesInByteOrder(other.documentID)
    }

    /// Whether the title in the `_id` is written exactly as the normalized title.
    private static func spellsTitle(_ page: Page) -> Bool {
        page.documentID.utf8.dropFirst(page.wikiID.utf8.count + 1).elementsEqual(page.title.text.utf8)
    }
}

/// File names already taken, by their hash.
///
/// Only hashed names can clash: an unhashed name is the only spelling of its title, and two
/// hashed names with different hashes differ on every file system, whatever it folds
/// (`SitePaths`). So two names that share a hash are taken to clash, even when their readable
/// parts differ: that is rare enough (50 bits) not to be worth comparing names the way each
/// file system would.
struct FileNameClaims<Owner> {
    private var owners: [UInt64: Owner] = [:]

    /// Takes `name` for `owner`; when its hash is taken already, returns the owner that has it.
    mutating func claim(_ name: FileName, by owner: Owner) -> Owner? {
        guard let hash = name.hash else { return nil }
        if let existing = owners[hash] { return existing }
        owners[hash] = owner
        return nil
    }
}

extension SkippedDocument {
    /// A total order: `_id`, then origin, then reason, in byte order.
    static func precedes(_ lhs: SkippedDocument, _ rhs: SkippedDocument) -> Bool {
        if !lhs.documentID.isExactly(rhs.documentID) { return lhs.documentID.precedesInByteOrder(rhs.documentID) }
        if !lhs.origin.source.isExactly(rhs.origin.source) {
            return lhs.origin.source.precedesInByteOrder(rhs.origin.source)
        }
        if lhs.origin.line != rhs.origin.line { return (lhs.origin.line ?? 0) < (rhs.origin.line ?? 0) }
        return lhs.reason.precedesInByteOrder(rhs.reason)
    }
}

extension SkippedAttachment {
    /// A total order: page `_id`, then attachment name, in byte order.
    static func precedes(_ lhs: SkippedAttachment, _ rhs: SkippedAttachment) -> Bool {
        if !lhs.documentID.isExactly(rhs.documentID) { return lhs.documentID.precedesInByteOrder(rhs.documentID) }
        return (lhs.name ?? "").precedesInByteOrder(rhs.name ?? "")
    }
}
