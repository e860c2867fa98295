import WikiDocuments
import WikiModel
import WikiRender

/// The files of a wiki's tags: the tags index (`_special/tags.html`) and the pages on each tag,
/// cut into files at their titles as all pages are. Each has a digest of what it shows, so an
/// incremental build renders only the tag files a change of tags touches.
extension WikiSpecialPages {
    /// The files of the pages on every tag, each tag's parts in order.
    var tagFiles: [SpecialPageFile] {
        tagCuts.enumerated().flatMap { tag, cuts in
            (1...cuts.fileCount).map { SpecialPageFile(page: .tags, part: $0, tag: tag) }
        }
    }

    /// What part `part` of the pages on the tag at `position` of `analysis.tags.entries` shows.
    func part(_ part: Int, ofTagAt position: Int) -> TitledListPart {
        let tagged = taggedPages[position]
        return TitledListPart.part(
            part, ofTag: analysis.tags.entries[position].tag, cuts: tagCuts[position]
        ) { analysis.pages[Int(tagged[$0])].title }
    }

    /// The tags the index lists.
    private var indexedTags: [TagsIndexEntry] {
        analysis.tags.entries.map { TagsIndexEntry(tag: $0.tag, pageCount: $0.pages.count, level: $0.level) }
    }

    /// The HTML of the tags index.
    var tagsIndexHTML: String { context.tagsIndexHTML(indexedTags) }

    /// A digest of what the tags index shows.
    var tagsIndexDigest: Int64 { context.tagsIndexDigest(indexedTags) }
}

/// A tag as the tags index lists it.
package struct TagsIndexEntry: Sendable {
    /// The tag as shown.
    let tag: WikiTag
    let pageCount: Int
    /// How many tags it is nested under.
    let level: Int

    /// The entry of `tag`, which `pageCount` pages have, at depth `level` of the tags index.
    package init(tag: WikiTag, pageCount: Int, level: Int) {
        self.tag = tag
        self.pageCount = pageCount
        self.level = level
    }
}

extension TitledListPart {
    /// What part `part` of the pages on `tag` (as shown) shows, its list cut at `cuts`, the title
    /// of its entry at each position (alphabetically) being `title(position)`.
    package static func part(
        _ part: Int, ofTag tag: WikiTag, cuts: TitleCuts, title: (Int) -> PageTitle
    ) -> TitledListPart {
        func firstTitle(ofPart number: Int) -> PageTitle? {
            guard (1...cuts.fileCount).contains(number) else { return nil }
            let range = cuts.entries(ofFile: number)
            return range.isEmpty ? nil : title(range.lowerBound)
        }
        var shown = TitledListPart(
            page: .tags,
            place: TitledListPart.Place(file: part, listLength: cuts.entries(ofFile: cuts.fileCount).upperBound),
            titles: cuts.entries(ofFile: part).map(title),
            previousFirstTitle: firstTitle(ofPart: part - 1), nextFirstTitle: firstTitle(ofPart: part + 1))
        shown.tag = tag
        return shown
    }
}

extension SpecialPageContext {
    /// The HTML of the tags index, listing `tags` in its order.
    package func tagsIndexHTML(_ tags: [TagsIndexEntry]) -> String {
        let path = path(of: SpecialPageFile(page: .tags, part: 1))
        let frame = frame(of: .tags, at: path, titled: chrome.title(of: .tags))
        let wikiID = chrome.wiki.id
        let links = tags.map { entry in
            TagLink(
                name: entry.tag.text, href: path.href(to: siteLayout.tagPage(entry.tag, from: nil, ofWiki: wikiID)),
                pageCount: entry.pageCount, level: entry.level)
        }
        return theme.render(TagsIndexView(layout: frame.layout, header: frame.header, tags: links))
    }

    /// A digest of what the tags index shows: each tag as shown, its count and its level.
    package func tagsIndexDigest(_ tags: [TagsIndexEntry]) -> Int64 {
        var digest = digestStart
        digest.add("tags")
        for entry in tags {
            digest.add(entry.tag.text)
            digest.add(entry.pageCount)
            digest.add(entry.level)
        }
        return digest.value
    }
}
