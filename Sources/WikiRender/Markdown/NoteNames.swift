import WikiDocuments
import WikiModel

/// The notes of a folder wiki by the names a wikilink may give them, made once per build from the
/// wiki's published titles: Obsidian's matching (`LinkMatching.obsidian`).
///
/// A note's title is its path in the folder without `.md` (`guide/Install`). A link names it by
/// any end of that path made of whole folders: `[[Install]]`, `[[guide/Install]]`, letter case
/// ignored, `.md` optional. `./` and `../` start a path from the linking note's folder, `/` from
/// the folder's top. Where several notes match, Obsidian's rule decides, as its API documents it
/// (`MetadataCache.getFirstLinkpathDest(linkpath, sourcePath)`, "the best match for a linkpath",
/// https://docs.obsidian.md/Reference/TypeScript+API/MetadataCache/getFirstLinkpathDest, and the
/// "Shortest path when possible" link format of Settings › Files and links), in this order:
///
/// | rule | wins |
/// | --- | --- |
/// | the whole path is written | the note at that path |
/// | same folder | the note in the linking note's folder |
/// | shortest path | the note whose path has the fewest characters |
/// | tie | the first path in byte order |
///
/// The first rule decides alone; otherwise the link is *ambiguous*, and `wikisite check` says so.
public struct NoteNames: TitleMatching {
    /// The notes each lowercased end of a path names, each list in byte order of the titles.
    private let notesByEnd: [String: [PageTitle]]

    /// The names of `titles`, the wiki's published pages. The titles are lowercased on every
    /// core: the fast path makes the names of every note of a wiki whenever its titles change.
    public init(titles: some Sequence<PageTitle>) {
        let titles = Array(titles)
        let paths = Concurrently.map(titles.count) { titles[$0].text.lowercased() }
        var notesByEnd: [String: [PageTitle]] = Dictionary(minimumCapacity: titles.count)
        var shared: Set<String> = []
        for (title, path) in zip(titles, paths) {
            var end = path[...]
            while true {
                let key = String(end)
                if Self.append(title, to: &notesByEnd[key, default: []]) == 2 { shared.insert(key) }
                guard let slash = end.firstIndex(of: "/") else { break }
                end = end[end.index(after: slash)...]
            }
        }
        // Most ends name one note: only the lists of several are sorted.
        for key in shared { notesByEnd[key]!.sort() }
        self.notesByEnd = notesByEnd
    }

    /// Appends `title` to `notes`, and says how many there are then.
    private static func append(_ title: PageTitle, to notes: inout [PageTitle]) -> Int {
        notes.append(title)
        return notes.count
    }

    /// The name of `title`, a note's or a title a link gives: the last part of its path,
    /// lowercased, without `.md`. A link can lead only to a note of the name of the title it
    /// leads to now, or of the title written when no note matches: so a note that comes or goes
    /// changes where the links to the titles of its name lead, and no other.
    public static func name(of title: PageTitle) -> String {
        var name = title.text.lowercased()
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasSuffix(".md") { name.removeLast(3) }
        return name
    }

    /// The notes whose name (`name(of:)`) is `name`, in byte order.
    public func notes(named name: String) -> [PageTitle] {
        notesByEnd[name] ?? []
    }

    /// The note `written` names from page `page`; `written` itself when no note matches.
    public func match(_ written: PageTitle, from page: PageTitle?, line: Int) -> PageTitle {
        candidates(written, from: page).first ?? written
    }

    /// The notes `written` names from page `page`, the one the link leads to first, then the
    /// others it could name; only the first when the whole path is written or the note is alone.
    public func candidates(_ written: PageTitle, from page: PageTitle?) -> [PageTitle] {
        let key = Self.key(of: written, from: page)
        guard let notes = notesByEnd[key.path] else { return [] }
        let exact = notes.first { $0.text.lowercased() == key.path }
        if key.isWhole { return exact.map { [$0] } ?? [] }
        if notes.count == 1 { return notes }
        if let exact { return [exact] }
        let folder = page.map { NotePath.folder(of: $0.text) } ?? ""
        return notes.sorted { lhs, rhs in
            let (lhsHere, rhsHere) = (NotePath.folder(of: lhs.text) == folder, NotePath.folder(of: rhs.text) == folder)
            if lhsHere != rhsHere { return lhsHere }
            let (lhsLength, rhsLength) = (lhs.text.count, rhs.text.count)
            if lhsLength != rhsLength { return lhsLength < rhsLength }
            return lhs < rhs
        }
    }

    /// The lowercased path `written` names, without `.md`, and whether it is the whole path from
    /// the folder's top (`/`, `./` and `../` forms).
    private static func key(of written: PageTitle, from page: PageTitle?) -> (path: String, isWhole: Bool) {
        var text = written.text.lowercased()
        if text.hasSuffix(".md") { text.removeLast(3) }
        if text.hasPrefix("/") { return (String(text.drop { $0 == "/" }), true) }
        guard text.hasPrefix("./") || text.hasPrefix("../") else { return (text, false) }
        return (NotePath.resolve(text, from: page)?.lowercased() ?? text, true)
    }
}
