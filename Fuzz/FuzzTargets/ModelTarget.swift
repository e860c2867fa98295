import WikiDocuments
import WikiModel
import WikiSources

/// `WikiDatabaseBuilder` on the documents of the input read as a dump (those read before a
/// malformed part count too).
///
/// What must hold:
/// - Building never crashes or hangs.
/// - Wikis are sorted by `_id` and each is published once, with an `_id` that is not empty and
///   holds no colon or control character; pages of a wiki are sorted by title, one per title,
///   never drafts, and each is found again by `page(inWiki:titled:)`; its `_id` is its wiki's,
///   a colon, and a raw title that normalizes to its title. Drafts are sorted, all drafts.
/// - Every wiki folder and page file is one safe path component (`FileNameRules`), and no two
///   of them clash on a case-insensitive or normalizing file system: the builder skips pages
///   and wikis whose hashes collide, so there is no exception.
/// - Every warning (skipped documents and attachments, conflicts) is safe to print on a
///   terminal, and the lists are sorted.
/// - The outcome does not depend on the order of the documents (checked when no revision of a
///   document is delivered twice, where the builder documents that the first copy is kept).
enum ModelTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        var documents: [Document] = []
        _ = try? DumpReader.read(bytes: input, name: DumpReaderTarget.dumpName) { documents.append($0) }
        guard !documents.isEmpty else { return }
        let database = build(documents)
        try check(database)
        if deliversEachRevisionOnce(documents) {
            let outcome = Self.outcome(of: database)
            let reversed = Self.outcome(of: build(documents.reversed()))
            if let difference = zip(outcome, reversed).first(where: { !$0.isExactly($1) }) {
                throw InvariantViolation(
                    "the documents in reverse order give another outcome: \(shown(difference.0)) became \(shown(difference.1))"
                )
            }
            try require(
                outcome.count == reversed.count,
                "the documents in reverse order give another outcome: \(outcome.count) lines became \(reversed.count)")
        }
    }

    private static func build(_ documents: some Sequence<Document>) -> WikiDatabase {
        var builder = WikiDatabaseBuilder()
        for document in documents { builder.add(document) }
        return builder.build()
    }

    private static func check(_ database: WikiDatabase) throws(InvariantViolation) {
        var folders: [String] = []
        for (index, wiki) in database.wikis.enumerated() {
            let what = "the wiki \(shown(wiki.id))"
            if index > 0 {
                try require(
                    ExactString(database.wikis[index - 1].id) < ExactString(wiki.id), "\(what) is out of order or twice"
                )
            }
            try require(
                !wiki.id.isEmpty && !wiki.id.contains(":") && !wiki.id.unicodeScalars.contains(where: isControl),
                "\(what) is published")
            try require(database.wiki(wiki.id)?.id.isExactly(wiki.id) == true, "\(what) is not found by its _id")
            let folder = SitePaths.wikiFolder(wiki.id)
            try FileNameRules.checkComponent(folder, maximumBytes: 132, "the folder of \(what)")
            for other in folders where FileNameRules.clash(folder, other) {
                throw InvariantViolation("the folders \(shown(folder)) and \(shown(other)) clash")
            }
            folders.append(folder)
            try checkPages(of: wiki, in: database)
        }
        for warning in database.skipped {
            try TerminalText.check(warning.description, "a skipped-document warning")
        }
        for warning in database.skippedAttachments {
            try TerminalText.check(warning.description, "a skipped-attachment warning")
        }
        for conflict in database.conflicts {
            try TerminalText.check(conflict.description, "a conflict warning")
        }
        for (earlier, later) in zip(database.skipped, database.skipped.dropFirst()) {
            try require(
                !later.documentID.precedesInByteOrder(earlier.documentID), "the skipped documents are out of order")
        }
        for (earlier, later) in zip(database.conflicts, database.conflicts.dropFirst()) {
            try require(
                earlier.documentID.precedesInByteOrder(later.documentID), "the conflicts are out of order or twice")
        }
    }

    private static func checkPages(of wiki: Wiki, in database: WikiDatabase) throws(InvariantViolation) {
        let pages = database.pages(inWiki: wiki.id)
        var files: [String] = []
        for (index, page) in pages.enumerated() {
            let what = "the page \(shown(page.documentID))"
            if index > 0 { try require(pages[index - 1].title < page.title, "\(what) is out of order or twice") }
            try require(!page.isDraft, "\(what) is a draft among the published pages")
            try require(page.wikiID.isExactly(wiki.id), "\(what) is listed in the wiki \(shown(wiki.id))")
            let prefix = wiki.id + ":"
            try require(
                page.documentID.utf8.starts(with: prefix.utf8)
                    && PageTitle(String(decoding: page.documentID.utf8.dropFirst(prefix.utf8.count), as: UTF8.self))
                        == page.title,
                "\(what) has the title \(shown(page.title.text))")
            try require(
                database.page(inWiki: wiki.id, titled: page.title)?.documentID.isExactly(page.documentID) == true,
                "\(what) is not found by its title")
            let file = SitePaths.pageFile(page.title)
            try FileNameRules.checkComponent(file, maximumBytes: 137, "the file of \(what)")
            for other in files where FileNameRules.clash(file, other) {
                throw InvariantViolation("the page files \(shown(file)) and \(shown(other)) clash")
            }
            files.append(file)
        }
        let drafts = database.drafts(inWiki: wiki.id)
        for (index, draft) in drafts.enumerated() {
            try require(draft.isDraft, "the page \(shown(draft.documentID)) is listed as a draft")
            if index > 0 {
                try require(drafts[index - 1].title < draft.title, "the drafts of \(shown(wiki.id)) are out of order")
            }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether no document is delivered twice at the same revision (the same `_rev` text when
    /// it is not `N-hash`).
    private static func deliversEachRevisionOnce(_ documents: [Document]) -> Bool {
        struct Key: Hashable {
            let id: ExactString
            let revision: ExactString
        }
        var seen: Set<Key> = []
        for document in documents {
            let revision =
                if let parsed = document.revision {
                    "\(parsed.generation)-\(parsed.hash)"
                } else if let text = document.revisionText {
                    "text:" + text
                } else {
                    "none"
                }
            guard seen.insert(Key(id: ExactString(document.id), revision: ExactString(revision))).inserted else {
                return false
            }
        }
        return true
    }

    /// Everything the site and the summary are made of, as lines to compare exactly.
    private static func outcome(of database: WikiDatabase) -> [String] {
        var lines: [String] = []
        for wiki in database.wikis {
            lines.append("wiki \(wiki.id) \(wiki.revision) \(wiki.title) \(wiki.members) \(wiki.markdown)")
            for page in database.pages(inWiki: wiki.id) {
                lines.append("page \(page.documentID) \(page.revision) \(page.markdown) \(page.attachments.count)")
            }
            for draft in database.drafts(inWiki: wiki.id) {
                lines.append("draft \(draft.documentID) \(draft.revision)")
            }
        }
        lines += database.skipped.map { "skipped \($0)" }
        lines += database.skippedAttachments.map { "skipped \($0)" }
        lines += database.conflicts.map { "conflict \($0)" }
        let ignored = database.ignored
        lines.append(
            "ignored \(ignored.tombstones) \(ignored.machinery) \(ignored.otherTypes) \(ignored.pagesOfDeletedWikis)")
        return lines
    }
}
