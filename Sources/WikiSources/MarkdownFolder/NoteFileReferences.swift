import WikiDocuments

/// The files a note's Markdown may embed or link, found in its text as written, before any
/// Markdown is parsed: `![[diagram.png|300]]`, `[[paper.pdf]]`, `![](img/a.png)`,
/// `[spec](files/spec.pdf)`. A reference that is not one (in a code block, say) only costs a
/// file that nothing shows: the build writes only the attachments a page embeds.
enum NoteFileReferences {
    /// A file named in a note.
    enum Reference: Hashable {
        /// A wikilink's target as written (trimmed): a name or the end of a path, maybe with a
        /// `#` part (`spec.pdf#page=2`).
        case wikilink(String)
        /// A Markdown link's destination: a relative path, percent-decoded, without its heading.
        case relative(String)

        /// The name the note's page gives the file as an attachment: what the renderer looks up.
        var name: String {
            switch self {
            case .wikilink(let name), .relative(let name): name
            }
        }
    }

    /// The references of `markdown` that name a file other than a note, in order of first
    /// appearance, each once.
    static func find(in markdown: String) -> [Reference] {
        let bytes = Array(markdown.utf8)
        var found: [Reference] = []
        var seen: Set<Reference> = []
        func add(_ reference: Reference?) {
            guard let reference, seen.insert(reference).inserted else { return }
            found.append(reference)
        }
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "["),
                let end = closing(of: bytes, from: index + 2)
            {
                for side in bytes[(index + 2)..<end].split(separator: UInt8(ascii: "|"), maxSplits: 1) {
                    add(wikilink(side))
                }
                index = end + 2
            } else if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "(") {
                add(destination(bytes[(index + 2)...]))
                index += 2
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether `path` names a file other than a note: it has an extension, and it is not `.md`.
    static func namesFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return false }
        return name[name.index(after: dot)...].lowercased() != "md"
    }

    /// Where the `]]` that closes a wikilink opened before `start` is, on the same line.
    private static func closing(of bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "]") { return index }
            index += 1
        }
        return nil
    }

    private static func wikilink(_ side: ArraySlice<UInt8>) -> Reference? {
        var text = String(decoding: side, as: UTF8.self).trimmingSpaces
        if text.hasSuffix("\\") { text.removeLast() }
        return namesFile(String(text.prefix { $0 != "#" })) ? .wikilink(text) : nil
    }

    /// The relative path a link's destination, written after `](`, names.
    private static func destination(_ rest: ArraySlice<UInt8>) -> Reference? {
        let written: ArraySlice<UInt8>
        if rest.first == UInt8(ascii: "<") {
            written = rest.dropFirst().prefix { $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\n") }
        } else {
            written = rest.prefix { $0 != UInt8(ascii: ")") && $0 > 0x20 }
        }
        let path = written.prefix { $0 != UInt8(ascii: "#") }
        guard !path.isEmpty, path.first != UInt8(ascii: "/"), !path.contains(UInt8(ascii: ":")),
            !path.contains(UInt8(ascii: "?")), let decoded = PercentDecoding.decode(path), namesFile(decoded)
        else { return nil }
        return .relative(decoded)
    }
}

extension String {
    /// The string without its leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
