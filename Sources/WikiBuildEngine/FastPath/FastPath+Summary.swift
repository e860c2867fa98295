import Foundation
import Synchronization
import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender
import WikiSources

/// The summary of the fast path: the wikis it builds, their files, and the state it commits.
extension FastPath {
    /// `summaryIfTaken`'s work.
    ///
    /// - Throws: `FastPathDeclined` when the fast path does not take the changes.
    func summary(after last: LastBuild) throws -> BuildSummary {
        guard options.sources.count == 1 else { throw FastPathDeclined("the build has several sources") }
        let storedWikis = last.wikis
        let name = DocumentSources.displayName(of: options.sources[0])
        let wikiIDs = storedWikis.keys.sorted().map(\.value)
        let changes: any SourceChanges
        switch try readChanges(after: last, thenDocuments: wikiIDs) {
        case .unchanged(let summary): return summary
        case .changed(let read): changes = read
        }
        let changedIDs = changes.delivered.prefix(changes.changeCount).map(\.id) + changes.goneDocumentIDs
        guard changedIDs.count <= last.maximumChanges else {
            throw FastPathDeclined("more than \(last.maximumChanges) documents changed")
        }
        // With `--wiki`, the wikis published are those the state knows (the option is part of
        // the build's shape): a change of a page of another wiki touches nothing.
        let selected = selectedWikis
        var builder = WikiDatabaseBuilder(includesDrafts: options.includesDrafts)
        for document in changes.delivered where Self.isOfPublishedWiki(document.id, selected: selected) {
            builder.add(document)
        }
        var database = builder.build()
        let publishedWikis = database.wikis.filter { selected.isEmpty || selected.contains(ExactString($0.id)) }
        let changedWikiDocuments = try changedWikiDocuments(
            of: publishedWikis, in: database, storedWikis: storedWikis)
        let state = last.state
        let layout = SiteLayout(
            folders: try WikiFolders(wikiIDs: wikiIDs, settings: options.wikiSettings),
            folderWikiIDs: options.folderWikiIDs)
        let removed = try removedTitles(
            of: changedIDs, in: database, storedWikis: storedWikis, state: state)
        let published = StatePublishedPages(state: state)
        database = try withPagesToRelink(
            of: publishedWikis, removed: removed, from: changes, named: name, database, state: state)
        var wikis: [WikiEdits] = []
        for wiki in publishedWikis {
            let pages = database.pages(inWiki: wiki.id)
            let gone = removed[ExactString(wiki.id)] ?? []
            for title in gone { published.settle(title, inWiki: wiki.id, published: false) }
            let wasPublished = try state.publishedTitles(among: pages.map(\.title), inWiki: wiki.id)
            for page in pages where !wasPublished.contains(page.title) {
                published.settle(page.title, inWiki: wiki.id, published: true)
            }
            var wikiEdits = try edits(
                of: wiki, among: pages, removing: gone,
                in: BuildContext(database: database, published: published, state: state, layout: layout))
            wikiEdits.documentChanged = changedWikiDocuments.contains(ExactString(wiki.id))
            wikis.append(wikiEdits)
        }
        try published.checkLookups()
        let pagesDatabase = try withLinkedPages(of: wikis, from: changes, named: name, database)
        var update = StateUpdate(replacesEverything: false, settings: shape.settings)
        var summary = BuildSummary()
        changes.record(into: &update, summary: &summary)
        summary.readChangesOnly = true
        summary.documentsRead = changes.changeCount
        summary.changedDocuments = Set(changedIDs.map(ExactString.init)).count
        try writeFiles(
            wikis, storedWikis: storedWikis,
            in: BuildContext(database: pagesDatabase, published: published, state: state, layout: layout),
            update: update, summary: &summary)
        return summary
    }

    /// The wikis `--wiki` names; empty when it publishes every wiki.
    private var selectedWikis: Set<ExactString> { Set(options.wikiIDs.map(ExactString.init)) }

    /// Whether the document `id` may be of a published wiki: any document when every wiki is
    /// published (`selected` empty); else any but the pages (`<wiki>:<title>`) of other wikis.
    private static func isOfPublishedWiki(_ id: String, selected: Set<ExactString>) -> Bool {
        guard !selected.isEmpty, let colon = id.utf8.firstIndex(of: UInt8(ascii: ":")) else { return true }
        return selected.contains(ExactString(String(id[..<colon])))
    }

    /// What the only source says changed since `last`: its changes, or the summary of a build
    /// with nothing to do.
    enum ReadChanges {
        case changed(any SourceChanges)
        case unchanged(BuildSummary)
    }

    /// Reads the changes of the only source after `last`, then the documents of `wikiIDs`.
    ///
    /// - Throws: `FastPathDeclined` when the source cannot say what changed; `BuildError` when
    ///   it cannot be read.
    private func readChanges(after last: LastBuild, thenDocuments wikiIDs: [String]) throws -> ReadChanges {
        let path = options.sources[0]
        let name = DocumentSources.displayName(of: path)
        guard let source = try? DocumentSources.open(path, markdownFolder: options.markdownFolder) else {
            throw FastPathDeclined("\(name) does not open as a source of changes")
        }
        do {
            if let source = source as? any DocumentLookupSource {
                return .changed(try SequencedChanges.read(source, named: name, after: last, thenDocuments: wikiIDs))
            }
            let ledger = try last.state.ledger(ofSource: name)
            if let folder = source as? MarkdownFolderSource, let ledger = ledger?.folder {
                reporter.stage("comparing \(folder.name) with the last build's reading of it")
                let read = try ComparedFolderChanges.read(
                    folder, named: name, comparedWith: ledger, events: options.folderEvents[path],
                    thenDocuments: wikiIDs, limit: last.maximumChanges)
                guard read.changeCount + read.goneDocumentIDs.count == 0 else { return .changed(read) }
                return .unchanged(try unchangedSummary(since: last, advance: read.advance))
            }
            guard let dump = source as? DumpSource, let ledger = ledger?.dump else {
                throw FastPathDeclined("the last build kept no ledger of \(name)")
            }
            reporter.stage("comparing \(dump.name) with the last build's reading of it")
            let read = try ComparedDumpChanges.read(
                dump, named: name, comparedWith: ledger, after: last, thenDocuments: wikiIDs)
            if read.changeCount + read.goneDocumentIDs.count == 0 {
                guard read.isUnchanged else {
                    throw FastPathDeclined("\(name) ends at another sequence, with no entry changed")
                }
                return .unchanged(try unchangedSummary(since: last, advance: read.advance))
            }
            return .changed(read)
        } catch let notServed as FastPathDeclined {
            throw notServed
        } catch {
            throw BuildError.unreadableSource(path: name, reason: "\(error)")
        }
    }

    /// The summary of a build with nothing to do since `last`: the only source, compared with its
    /// ledger, holds nothing that `last` did not read.
    private func unchangedSummary(since last: LastBuild, advance: CheckpointAdvance) throws -> BuildSummary {
        try UnchangedSources(options: options, shape: shape, reporter: reporter).summary(of: last, advances: [advance])
    }

    /// The wikis among `wikis` (those of `database` the build publishes) whose own document
    /// changed, their title and conflicts kept.
    ///
    /// - Throws: `FastPathDeclined` when a document is skipped, a wiki came, went or was
    ///   retitled, or a changed wiki's document is in conflict.
    private func changedWikiDocuments(
        of wikis: [Wiki], in database: WikiDatabase, storedWikis: [ExactString: BuildState.StoredWiki]
    ) throws -> Set<ExactString> {
        // A wiki's document or a page may be in conflict: the statistics list its conflict.
        if let skipped = database.skipped.first {
            throw FastPathDeclined(
                "document \(MessageText.quoted(skipped.documentID)) is skipped (its warning is the wiki-wide path's)")
        }
        if let skipped = database.skippedAttachments.first {
            throw FastPathDeclined("an attachment of \(MessageText.quoted(skipped.documentID)) is skipped")
        }
        if let invalid = database.invalidFrontMatter.first {
            throw FastPathDeclined("the front matter of \(MessageText.quoted(invalid.documentID)) cannot be read")
        }
        guard wikis.count == storedWikis.count else {
            throw FastPathDeclined("a wiki came, went or is no longer published")
        }
        var changed = Set<ExactString>()
        for wiki in wikis {
            guard let stored = storedWikis[ExactString(wiki.id)], stored.title.isExactly(wiki.title) else {
                throw FastPathDeclined(
                    "wiki \(MessageText.quoted(wiki.id)) was retitled (every file of it shows the title)")
            }
            guard stored.fingerprint != database.fingerprint(of: wiki) else { continue }
            changed.insert(ExactString(wiki.id))
        }
        return changed
    }

    /// The titles, by wiki, of the pages that `changedIDs` no longer publish (deleted, drafts
    /// again): each changed document is a published page, a page no longer published, or
    /// neither before nor now.
    ///
    /// - Throws: `FastPathDeclined` when such a page's wiki last skipped a page document.
    private func removedTitles(
        of changedIDs: [String], in database: WikiDatabase, storedWikis: [ExactString: BuildState.StoredWiki],
        state: BuildState
    ) throws -> [ExactString: [PageTitle]] {
        let publishedIDs = Set(
            database.wikis.flatMap { database.pages(inWiki: $0.id).map { ExactString($0.documentID) } })
        var removed: [ExactString: [PageTitle]] = [:]
        for id in changedIDs where !publishedIDs.contains(ExactString(id)) {
            for wiki in storedWikis.keys.sorted().map(\.value) {
                guard let title = try state.publishedTitle(ofDocument: id, inWiki: wiki) else { continue }
                // A page that took its title or file name from a skipped one leaves it to that one.
                guard storedWikis[ExactString(wiki)]?.skippedPages == 0 else {
                    throw FastPathDeclined(
                        "a page of wiki \(MessageText.quoted(wiki)) is gone, and its last reading skipped a page document"
                    )
                }
                removed[ExactString(wiki), default: []].append(title)
            }
        }
        return removed
    }

    /// `database` with the documents of the pages that notes created or deleted in `wikis` (or
    /// `removed` from them) may relink, read from `changes` as the source holds them still.
    ///
    /// - Throws: `FastPathDeclined` when the source changed while it was read; `BuildError` when
    ///   it cannot be read.
    private func withPagesToRelink(
        of wikis: [Wiki], removed: [ExactString: [PageTitle]], from changes: any SourceChanges,
        named name: String, _ database: WikiDatabase, state: BuildState
    ) throws -> WikiDatabase {
        var ids: [String] = []
        for wiki in wikis {
            ids += try documentsToRelink(
                of: wiki, among: database.pages(inWiki: wiki.id), removing: removed[ExactString(wiki.id)] ?? [],
                state: state)
        }
        guard !ids.isEmpty else { return database }
        return try self.database(of: changes, reading: ids, named: name)
    }

    /// The database of the documents `changes` delivered and of those of `ids`, read from
    /// `changes` as the source holds them still.
    ///
    /// - Throws: `FastPathDeclined` when the source changed while it was read; `BuildError` when
    ///   it cannot be read.
    private func database(of changes: any SourceChanges, reading ids: [String], named name: String) throws
        -> WikiDatabase
    {
        let read: [Document]?
        do {
            read = try changes.documents(ids)
        } catch {
            throw BuildError.unreadableSource(path: name, reason: "\(error)")
        }
        guard let read else { throw FastPathDeclined("\(name) changed while it was read") }
        var builder = WikiDatabaseBuilder(includesDrafts: options.includesDrafts)
        let selected = selectedWikis
        for document in changes.delivered + read where Self.isOfPublishedWiki(document.id, selected: selected) {
            builder.add(document)
        }
        return builder.build()
    }

    /// `database` with the documents of the pages whose file changes with `wikis` (their
    /// backlinks, an embed, the feed) and of the folder notes, read from `changes` as the source
    /// holds them still.
    ///
    /// - Throws: `FastPathDeclined` when the source changed while it was read or such a page is
    ///   skipped; `BuildError` when it cannot be read.
    private func withLinkedPages(
        of wikis: [WikiEdits], from changes: any SourceChanges, named name: String, _ database: WikiDatabase
    ) throws -> WikiDatabase {
        var linkedIDs: [String] = []
        var readIDs = Set<ExactString>()
        for wiki in wikis {
            let pages =
                wiki.linkedPages + wiki.embeddedPages + wiki.folderNotes
                + wiki.edits.filter(\.isRelinked).compactMap { edit in edit.stored.map { (edit.title, $0) } }
                + wiki.feed.compactMap { entry in
                    entry.stored.map { (entry.title, $0) }
                }
            for id in pages.compactMap(\.1.details?.documentID) where readIDs.insert(ExactString(id)).inserted {
                linkedIDs.append(id)
            }
        }
        guard !linkedIDs.isEmpty else { return database }
        let pagesDatabase = try self.database(of: changes, reading: linkedIDs, named: name)
        guard pagesDatabase.skipped.isEmpty, pagesDatabase.skippedAttachments.isEmpty,
            pagesDatabase.invalidFrontMatter.isEmpty
        else {
            throw FastPathDeclined("a page whose file changes with them is skipped")
        }
        return pagesDatabase
    }
}
