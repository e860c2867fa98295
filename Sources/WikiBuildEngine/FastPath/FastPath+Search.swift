import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// The search index files that the fast path writes again: the term shards of the terms whose
/// postings a change adds, removes or alters, the parts of the split terms its postings leave
/// and join, the files of the documents whose entries change,
/// and `meta.js`, from the index the state keeps (`BuildState+Search`). They are made by the
/// functions the whole index is made with (`SearchIndex`), so they hold the bytes a clean build
/// writes.
extension FastPath {
    /// A page's entry in the index before its change and after it (nil when not published).
    private struct EntryChange {
        let title: PageTitle
        let key: String
        let old: SearchEntry?
        let new: SearchEntry?
    }

    /// Adds the index files of the wiki of `context` that its page changes touch, and records the
    /// index's change in `update`.
    ///
    /// - Throws: `FastPathDeclined` when the state keeps no index of the wiki, lacks a changed
    ///   page's entry, or the key of a page is another's.
    func addSearchFiles(
        _ context: WikiFileContext, to files: inout WikiFiles, into update: inout StateUpdate
    ) throws {
        let (wiki, state) = (context.edits.wiki, context.state)
        guard var totals = try state.searchTotals(ofWiki: wiki.id), totals.clashes == 0 else {
            throw FastPathDeclined(
                "the build state keeps no search index of wiki \(MessageText.quoted(wiki.id)) that the fast path can change"
            )
        }
        let changes = try entryChanges(context)
        var change = SearchIndexChange(of: wiki.id, totals: totals)
        var documents: [(key: String, value: String?, cause: ChangeCause)] = []
        var shardEdit = try SearchShardEdit(ofWiki: wiki.id, state: state, cut: options.searchShardCut)
        for entry in changes {
            totals.documents += (entry.new == nil ? 0 : 1) - (entry.old == nil ? 0 : 1)
            try movePostings(of: entry, into: &shardEdit)
            guard entry.old != entry.new else { continue }
            if let new = entry.new { change.entries.append(new) } else { change.removedEntries.append(entry.key) }
            guard entry.old?.value != entry.new?.value else { continue }
            documents.append((entry.key, entry.new?.value, .searchEntry(entry.title)))
        }
        change.totals = totals
        let folder = WikiSearchFiles.folder
        let path = { (name: String) in SitePath(components: [context.layout.folder(ofWiki: wiki.id), folder, name]) }
        let shards = try shardEdit.outcome()
        let cause = { (key: String) in shards.causes[key, default: []].map(\.description).joined(separator: "; ") }
        var shardKeys = Set(shardEdit.layout.keys)
        for key in shards.removed {
            shardKeys.remove(key)
            change.removedShards.append(key)
            files.removed.append((path(SearchIndex.termFileName(key)), cause(key)))
        }
        for (key, shard) in shards.written {
            shardKeys.insert(key)
            change.shards[key] = shard
            let file = SearchIndex.termFile(key, shard, parts: options.searchShardCut.parts)
            files.written.append((path(file.name), file.text, cause(key)))
        }
        change.parts = shards.parts
        for (file, shard) in shards.writtenParts { files.written.append((path(file.name), file.text, cause(shard))) }
        for (name, shard) in shards.removedParts { files.removed.append((path(name), cause(shard))) }
        for document in documents {
            if let value = document.value {
                let file = SearchIndex.documentFile(document.key, value: value)
                files.written.append((path(file.name), file.text, document.cause.description))
            } else {
                files.removed.append((path(SearchIndex.documentFileName(document.key)), document.cause.description))
            }
        }
        let meta = SearchIndex.metaFile(totals, shardKeys: shardKeys.sorted())
        files.written.append((path(meta.name), meta.text, context.cause))
        update.searchIndexes.append(change)
    }

    /// Each changed page's entry as the state keeps it and as it is now.
    ///
    /// - Throws: `FastPathDeclined` when the state lacks a changed page's entry, or a page's key
    ///   is another document's.
    private func entryChanges(_ context: WikiFileContext) throws -> [EntryChange] {
        let (wiki, state, layout) = (context.edits.wiki, context.state, context.layout)
        var newKeys = Set<String>()
        let hrefs = context.edits.edits.map { WikiSearchFiles.href(of: $0.title, inWiki: wiki.id, in: layout) }
        let keys = hrefs.map { SearchEntry.firstKey(ofHref: $0) }
        // One query a batch of pages, not a seek each: a change set may hold thousands.
        let stored = try state.searchEntries(keys, ofWiki: wiki.id)
        return try zip(context.edits.edits, zip(hrefs, keys)).map { edit, hrefAndKey in
            let (href, key) = hrefAndKey
            let old = stored[key]
            let known = edit.stored == nil ? old == nil : old?.href == href
            guard known, edit.page == nil || newKeys.insert(key).inserted else {
                throw FastPathDeclined(
                    "the search index of wiki \(MessageText.quoted(wiki.id)) in the build state lacks the entry of "
                        + "page \(MessageText.quoted(edit.title.text)), or its key is another page's")
            }
            let new = edit.page.map { page in
                SearchEntry(WikiSearchFiles.document(of: page, headings: edit.outline.headings, in: layout), key: key)
            }
            return EntryChange(title: edit.title, key: key, old: old, new: new)
        }
    }

    /// Takes the postings of `entry` that change out of their term shards, and puts the new ones
    /// in.
    private func movePostings(of entry: EntryChange, into shards: inout SearchShardEdit) throws {
        let (old, new) = (entry.old?.postings ?? [:], entry.new?.postings ?? [:])
        for term in Set(old.keys).union(new.keys) where old[term] != new[term] {
            try shards.set(
                .init(old: old[term], new: new[term]), ofDocument: entry.key, for: term, because: entry.title)
        }
    }
}
