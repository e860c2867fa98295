import WikiDocuments
import WikiModel
import WikiPages

/// The tag files of the fast path: the pages on each tag a change touches, and the tags index,
/// from the state's rows of the tags (`BuildState.TaggedPage`), made as a clean build makes them
/// (`TitledListPart.part(_:ofTag:cuts:title:)`, `SpecialPageContext.tagsIndexHTML`).
extension FastPath {
    /// Adds to `files` the files of the tags the changes of a wiki (`context.edits`) touch whose
    /// digests changed, and the tags index when it shows something else; removes the files a tag
    /// no longer has (all of them, for a tag no page is on). Their digests go to `digests`, the
    /// pages' tags to `update`.
    func addTagFiles(
        _ context: WikiFileContext, to files: inout WikiFiles, digests: inout [String: Int64],
        into update: inout StateUpdate
    ) throws {
        let (edits, state, lists) = (context.edits, context.state, context.lists)
        let wikiID = edits.wiki.id
        let retaggings = edits.edits.compactMap { edit -> BuildState.Retagging? in
            let before = WikiTags.memberships(of: edit.oldOutline)
            let now = edit.page == nil ? [] : WikiTags.memberships(of: edit.outline)
            guard !before.elementsEqual(now, by: { $0.key == $1.key && $0.text.isExactly($1.text) }) else { return nil }
            return BuildState.Retagging(page: edit.title, before: before, now: now)
        }
        guard !retaggings.isEmpty else { return }
        update.retaggedPages.append((wikiID, retaggings))
        var forms = try state.tagForms(inWiki: wikiID)
        let retagged = Set(retaggings.map(\.page))
        var written: [TitledListPart] = []
        var removed: [SitePath] = []
        for key in Set(retaggings.flatMap { ($0.before + $0.now).map(\.key) }).sorted() {
            let before = try state.taggedPages(ofTag: key, inWiki: wikiID)
            var now = before.filter { !retagged.contains($0.page) }
            for retagging in retaggings {
                guard let tag = retagging.now.first(where: { $0.key == key }) else { continue }
                now.append(BuildState.TaggedPage(page: retagging.page, form: tag.text))
            }
            forms[key] = now.isEmpty ? nil : Self.formCounts(of: now)
            let parts = tagParts(of: now, in: lists)
            let paths = Set(parts.map { $0.path(in: lists) })
            removed += tagParts(of: before, in: lists).map { $0.path(in: lists) }.filter { !paths.contains($0) }
            written += parts
        }
        let stored = try state.specialFileDigests(
            inWiki: wikiID, at: written.map { $0.path(in: lists).description })
        for part in written {
            let path = part.path(in: lists)
            let digest = part.digest(in: lists)
            guard stored[path.description] != digest else { continue }
            digests[path.description] = digest
            files.written.append((path, part.html(in: lists), context.cause))
        }
        for path in removed {
            files.removed.append((path, context.cause))
            update.removedSpecialFiles.append((wikiID, path.description))
        }
        try addTagsIndex(listing: forms, context, to: &files, digests: &digests)
    }

    /// Adds the tags index of the wiki of `context` to `files` when its digest changed: it lists
    /// the tags of `forms` (how many pages write each tag, by key, in each form).
    private func addTagsIndex(
        listing forms: [String: [String: Int]], _ context: WikiFileContext, to files: inout WikiFiles,
        digests: inout [String: Int64]
    ) throws {
        let lists = context.lists
        let entries = forms.keys.sorted { WikiTags.precedesInIndex($0, $1) }.map { key in
            let tag = WikiTags.shownTag(forms[key]!)
            return TagsIndexEntry(tag: tag, pageCount: forms[key]!.values.reduce(0, +), level: tag.ancestors.count)
        }
        let path = lists.path(of: SpecialPageFile(page: .tags, part: 1))
        let digest = lists.tagsIndexDigest(entries)
        let stored = try context.state.specialFileDigests(inWiki: context.edits.wiki.id, at: [path.description])
        guard stored[path.description] != digest else { return }
        digests[path.description] = digest
        files.written.append((path, lists.tagsIndexHTML(entries), context.cause))
    }

    /// How many of `pages` write their tag in each form.
    private static func formCounts(of pages: [BuildState.TaggedPage]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for page in pages { counts[page.form, default: 0] += 1 }
        return counts
    }

    /// The files of the page of the tag `pages` are on: none when they are none.
    private func tagParts(of pages: [BuildState.TaggedPage], in lists: SpecialPageContext) -> [TitledListPart] {
        guard !pages.isEmpty else { return [] }
        let tag = WikiTags.shownTag(Self.formCounts(of: pages))
        let titles = AlphabeticalOrder.sorted(titles: pages.map(\.page))
        let cuts = TitleCuts(count: titles.count, entriesPerFile: lists.entriesPerFile) { titles[$0].text }
        return (1...cuts.fileCount).map { part in
            TitledListPart.part(part, ofTag: tag, cuts: cuts) { titles[$0] }
        }
    }
}
