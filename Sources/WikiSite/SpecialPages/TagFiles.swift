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
        let cuts = tagCuts[position]
        let tagged = taggedPages[position]
        func firstTitle(ofPart number: Int) -> PageTitle? {
            guard (1...cuts.fileCount).contains(number) else { return nil }
            let range = cuts.entries(ofFile: number)
            return range.isEmpty ? nil : analysis.pages[Int(tagged[range.lowerBound])].title
        }
        var shown = TitledListPart(
            page: .tags,
            place: TitledListPart.Place(file: part, listLength: tagged.count),
            titles: cuts.entries(ofFile: part).map { analysis.pages[Int(tagged[$0])].title },
            previousFirstTitle: firstTitle(ofPart: part - 1), nextFirstTitle: firstTitle(ofPart: part + 1))
        shown.tag = analysis.tags.entries[position].tag
        return shown
    }

    /// The HTML of the tags index.
    var tagsIndexHTML: String {
        let path = context.path(of: SpecialPageFile(page: .tags, part: 1))
        let frame = context.frame(of: .tags, at: path, titled: context.chrome.title(of: .tags))
        let wikiID = context.chrome.wiki.id
        let links = analysis.tags.entries.map { entry in
            TagLink(
                name: entry.tag.text,
                href: path.href(to: context.siteLayout.tagPage(entry.tag, from: nil, ofWiki: wikiID)),
                pageCount: entry.pages.count, level: entry.level)
        }
        return context.theme.render(TagsIndexView(layout: frame.layout, header: frame.header, tags: links))
    }

    /// A digest of what the tags index shows: each tag as shown, its count and its level.
    var tagsIndexDigest: Int64 {
        var digest = context.digestStart
        digest.add("tags")
        for entry in analysis.tags.entries {
            digest.add(entry.tag.text)
            digest.add(entry.pages.count)
            digest.add(entry.level)
        }
        return digest.value
    }
}
