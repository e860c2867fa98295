import WikiRender

/// How a list by date (recent changes, new pages: their newest 500 pages) is cut into numbered
/// files of at most `entriesPerFile` entries: file 1 holds the first ones, and an empty list
/// still has one file (which says the list is empty). The lists of titles are cut at their
/// titles instead (`TitleCuts`), into files of as many entries on average.
package struct Pagination: Sendable, Equatable {
    /// The most entries a file of a list by date holds by default, and the average of a file of
    /// a list of titles: a wiki of 100,000 pages makes about 500 files of its list of pages, none
    /// of them more than a few tens of kilobytes.
    package static let defaultEntriesPerFile = 200

    /// How many entries the whole list has.
    let entryCount: Int
    /// The most entries one file holds.
    let entriesPerFile: Int

    init(entryCount: Int, entriesPerFile: Int = defaultEntriesPerFile) {
        precondition(entriesPerFile > 0 && entryCount >= 0)
        self.entryCount = entryCount
        self.entriesPerFile = entriesPerFile
    }

    /// How many files the list needs: at least one.
    package var fileCount: Int {
        max(1, (entryCount + entriesPerFile - 1) / entriesPerFile)
    }

    /// The positions, in the whole list, of the entries of file `number` (1-based).
    func entries(ofFile number: Int) -> Range<Int> {
        precondition((1...fileCount).contains(number), "no file \(number) of \(fileCount)")
        let start = (number - 1) * entriesPerFile
        return start..<min(entryCount, start + entriesPerFile)
    }

    /// The number of the file holding the entry at `position` in the whole list.
    func file(containingEntryAt position: Int) -> Int {
        precondition((0..<entryCount).contains(position))
        return position / entriesPerFile + 1
    }

    /// The files a pagination bar of file `number` links to by number: the first, the last,
    /// and up to two on each side of `number`, in order, with nil where numbers are left out.
    /// A gap of a single file is filled with that file rather than shown as a gap.
    func linkedFiles(around number: Int) -> [Int?] {
        let shown = Set([1, fileCount] + Array(max(1, number - 2)...min(fileCount, number + 2)))
        var result: [Int?] = []
        var previous = 0
        for file in shown.sorted() {
            if file - previous == 2 {
                result.append(file - 1)
            } else if file - previous > 2 {
                result.append(nil)
            }
            result.append(file)
            previous = file
        }
        return result
    }

    /// The pagination bar of file `number`, `href(n)` being the href of file `n` from it.
    func view(ofFile number: Int, href: (Int) -> String) -> PaginationView {
        let range = entries(ofFile: number)
        let links: [PaginationLink] =
            fileCount == 1
            ? []
            : linkedFiles(around: number).map { file in
                file.map { PaginationLink(number: $0, href: href($0), isCurrent: $0 == number) } ?? .gap
            }
        return PaginationView(
            pageNumber: number, pageCount: fileCount,
            span: EntrySpan(
                firstEntry: range.isEmpty ? 0 : range.lowerBound + 1, lastEntry: range.upperBound,
                entryCount: entryCount),
            previousHref: number > 1 ? href(number - 1) : nil,
            nextHref: number < fileCount ? href(number + 1) : nil,
            links: links)
    }
}
