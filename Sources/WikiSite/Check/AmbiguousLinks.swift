import Synchronization
import WikiModel
import WikiRender

/// Obsidian's matching (`NoteNames`) that also keeps, while a check reads the pages, every link
/// whose name fits several notes: `wikisite check` reports them (`CheckCategory.ambiguousLink`).
/// Thread-safe: pages are read on every core.
final class AmbiguousLinks: TitleMatching {
    /// A link that fits several notes: where it is, as written, and the notes, the one it leads to
    /// first.
    struct Link: Hashable, Sendable {
        let page: PageTitle?
        let line: Int
        let written: PageTitle
        let notes: [PageTitle]
    }

    private let names: NoteNames
    private let found = Mutex<Set<Link>>([])

    /// Matches links to the notes `names` knows.
    init(names: NoteNames) {
        self.names = names
    }

    func match(_ written: PageTitle, from page: PageTitle?, line: Int) -> PageTitle {
        let notes = names.candidates(written, from: page)
        if notes.count > 1 {
            found.withLock { _ = $0.insert(Link(page: page, line: line, written: written, notes: notes)) }
        }
        return notes.first ?? written
    }

    /// The ambiguous links found so far, each once, in order of page (the home first), then line.
    var links: [Link] {
        found.withLock { links in
            links.sorted { lhs, rhs in
                switch (lhs.page, rhs.page) {
                case (nil, .some): return true
                case (.some, nil): return false
                case (let left?, let right?) where left != right: return left < right
                default: return lhs.line != rhs.line ? lhs.line < rhs.line : lhs.written < rhs.written
                }
            }
        }
    }
}
