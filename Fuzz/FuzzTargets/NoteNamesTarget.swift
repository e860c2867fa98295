import WikiModel
import WikiRender

/// Obsidian's link matching (`NoteNames`) on arbitrary text: the input, split at its first two
/// 0xFF bytes (which UTF-8 never holds), is a folder wiki's note paths, the link texts written,
/// and the note they are written in (none when empty: the wiki's home), each list one per line.
///
/// What must hold:
/// - Matching never crashes or hangs.
/// - The answer does not depend on the order the notes were listed in: the notes as given,
///   reversed and rotated give the same candidates for every link.
/// - A link leads to its first candidate, or to itself when there is none; the candidates are
///   notes of the wiki, each once, and a link written as a note's path leads to that note
///   (letter case aside).
/// - A link written without `/`, `./`, `../` or `.md` names a note by an end of its path made
///   of whole folders.
enum NoteNamesTarget {
    /// The links matched at most, so that a long input stays fast.
    static let matchedLinks = 256

    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let parts = input.split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let notes = Array(Set(titles(parts[0])))
        let links = parts.count > 1 ? titles(parts[1]) : []
        let page = parts.count > 2 ? PageTitle(parts[2]) : nil
        let orders = [notes, notes.reversed(), Array(notes.dropFirst(notes.count / 2) + notes.prefix(notes.count / 2))]
        let names = orders.map { NoteNames(titles: $0) }
        let known = Set(notes)
        for written in (links + notes).prefix(matchedLinks) {
            let candidates = names[0].candidates(written, from: page)
            let what = "the link \(shown(written.text)) from \(shown(page?.text ?? "the home"))"
            for other in names.dropFirst() {
                try require(
                    other.candidates(written, from: page) == candidates, "\(what) matches by the order of the notes")
            }
            try require(
                names[0].match(written, from: page, line: 1) == (candidates.first ?? written),
                "\(what) does not lead to its first candidate")
            try require(
                candidates.allSatisfy(known.contains) && Set(candidates).count == candidates.count,
                "\(what) has candidates that are not notes, or one twice: \(candidates.map { shown($0.text) })")
            try checkEnds(written, candidates, isNote: known.contains(written), what)
        }
    }

    /// The titles of the lines of `text`.
    private static func titles(_ text: String) -> [PageTitle] {
        text.split(separator: "\n").compactMap { PageTitle(String($0)) }
    }

    /// A plain link's candidates end with what it names, at a `/`, and a link that is a note's
    /// path leads to it.
    private static func checkEnds(
        _ written: PageTitle, _ candidates: [PageTitle], isNote: Bool, _ what: String
    ) throws(InvariantViolation) {
        let text = written.text
        guard !text.hasPrefix("/"), !text.hasPrefix("./"), !text.hasPrefix("../"), !text.lowercased().hasSuffix(".md")
        else { return }
        let name = text.lowercased()
        if isNote {
            try require(
                candidates.first?.text.lowercased() == name, "\(what), a note's path, does not lead to a note of it")
        }
        for candidate in candidates {
            let path = candidate.text.lowercased()
            try require(
                path == name || path.hasSuffix("/" + name),
                "\(what) has the candidate \(shown(candidate.text)), which it does not name")
        }
    }
}
