import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a folder other than its notes (`img/a.png`, `files/spec.pdf`), and which of them a
/// note names: a note's page (or, for the home note, the wiki) has, as its attachments
/// (`_attachments`), the files it embeds or links, each under the name the note writes
/// (`NoteFileReferences`), with its path in the folder (`path`). The build publishes each file
/// once for the wiki, at a URL made from that path: only those embedded or linked, SVG cleaned.
///
/// - A Markdown link's path is relative to the note's folder (`../img/a.png`); one that climbs out
///   of the folder names nothing. The path's letter case matters, unless no file has it exactly.
/// - A wikilink (`![[diagram.png]]`, `![[img/diagram.png]]`) names a file by name or by the end of
///   its path, letter case ignored, as Obsidian finds notes. Of several files, the one at exactly
///   that path wins, then one in the note's folder, then the shortest path, then the first in
///   byte order. `./` and `../` start a path relative to the note's folder, `/` one from the top.
///
/// Only files listed by the walk are read, so nothing outside the folder ever is.
struct FolderFiles {
    /// The folder as the user named it.
    let folderName: String
    /// The files' paths inside the folder, in byte order.
    let paths: [String]
    private let exact: Set<String>
    private let byLowercasedPath: [String: [String]]
    /// The bytes of each file read so far, nil when it could not be read.
    private var loaded: [String: [UInt8]?] = [:]
    /// The files that could not be read, with why.
    private(set) var rejected: [RejectedEntry] = []

    init(folderName: String, paths: [String]) {
        self.folderName = folderName
        self.paths = paths
        exact = Set(paths)
        byLowercasedPath = Dictionary(grouping: paths) { $0.lowercased() }
    }

    /// The `_attachments` of the note at `notePath`, whose Markdown is `markdown`: the files it
    /// names that exist and can be read, by the names it gives them (nil when it names none), and
    /// the keys of every file it names, one there or not (`FileMatchKeys`).
    mutating func attachments(ofNoteAt notePath: String, markdown: String) -> (
        attachments: JSONValue?, fileKeys: [String]
    ) {
        var members: [(key: String, value: JSONValue)] = []
        let references = NoteFileReferences.find(in: markdown)
        for reference in references {
            guard let path = resolve(reference, from: Self.folder(of: notePath)), let bytes = bytes(of: path)
            else { continue }
            let entry = JSONObject([
                ("content_type", .string(MediaType.of(path))), ("data", .string(Base64Encoding.encode(bytes))),
                ("path", .string(path)),
            ])
            members.append((reference.name, .object(entry)))
        }
        return (
            members.isEmpty ? nil : .object(JSONObject(members)),
            FileMatchKeys.keys(of: references, inNoteAt: notePath)
        )
    }

    /// The path of the file `reference`, written in a note of the folder `folder`, names.
    func resolve(_ reference: NoteFileReferences.Reference, from folder: String) -> String? {
        switch reference {
        case .relative(let path):
            guard let whole = RelativePath.join(folder, path) else { return nil }
            return exact.contains(whole) ? whole : byLowercasedPath[whole.lowercased()]?.first
        case .wikilink(let written):
            let name = String(written.prefix { $0 != "#" })
            if name.hasPrefix("./") || name.hasPrefix("../") { return resolve(.relative(name), from: folder) }
            if name.hasPrefix("/") { return resolve(.relative(String(name.dropFirst())), from: "") }
            return bestMatch(name.lowercased(), from: folder)
        }
    }

    private func bestMatch(_ name: String, from folder: String) -> String? {
        if let whole = byLowercasedPath[name]?.first { return whole }
        let ending = "/" + name
        let candidates = paths.filter { $0.lowercased().hasSuffix(ending) }
        return candidates.min { lhs, rhs in
            let lhsHere = Self.folder(of: lhs) == folder
            if lhsHere != (Self.folder(of: rhs) == folder) { return lhsHere }
            if lhs.utf8.count != rhs.utf8.count { return lhs.utf8.count < rhs.utf8.count }
            return lhs.precedesInByteOrder(rhs)
        }
    }

    /// The folder part of a path inside the folder: everything before its last `/`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private mutating func bytes(of path: String) -> [UInt8]? {
        if let known = loaded[path] { return known }
        let loaded = load(path)
        self.loaded[path] = loaded
        return loaded
    }

    private mutating func load(_ path: String) -> [UInt8]? {
        let display = MarkdownFileWalker.displayPath(folder: folderName, relativePath: path.utf8)
        let full = folderName + (folderName.hasSuffix("/") ? "" : "/") + path
        let descriptor = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let reason = descriptor >= 0 ? "it is not a regular file" : MarkdownFileWalker.lastSystemError()
            if descriptor >= 0 { close(descriptor) }
            reject(display, "a note names this file, but it cannot be read (\(reason)); it is left out")
            return nil
        }
        defer { close(descriptor) }
        do {
            return try FileContents.readToEnd(descriptor, path: display)
        } catch {
            reject(display, "a note names this file, but it cannot be read (\(error.reason)); it is left out")
            return nil
        }
    }

    private mutating func reject(_ path: String, _ reason: String) {
        rejected.append(RejectedEntry(origin: DocumentOrigin(source: path, line: nil), documentID: nil, reason: reason))
    }
}

/// The MIME type a file of the folder is published with, from its extension.
enum MediaType {
    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "bmp": "image/bmp", "ico": "image/x-icon", "svg": "image/svg+xml",
        "pdf": "application/pdf", "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "wav": "audio/wav",
        "flac": "audio/flac", "m4a": "audio/mp4", "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm",
        "ogv": "video/ogg", "mov": "video/quicktime", "txt": "text/plain", "csv": "text/csv",
    ]

    /// The type of the file at `path`; `application/octet-stream` for an extension not listed.
    static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}

/// Base64 (RFC 4648, with padding), as CouchDB writes an attachment's inline `data`.
enum Base64Encoding {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let word =
                UInt32(bytes[index]) << 16 | (count > 1 ? UInt32(bytes[index + 1]) << 8 : 0)
                | (count > 2 ? UInt32(bytes[index + 2]) : 0)
            for position in 0..<4 {
                output.append(
                    position <= count ? alphabet[Int(word >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
