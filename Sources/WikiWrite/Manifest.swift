import WikiDocuments

/// The files a build made, each with the hash of its content: what the next build may remove.
///
/// The pipeline records every file it writes (or finds unchanged); after the build, the files the
/// previous manifest lists but the new one does not (`pathsNoLongerProduced(by:)`) are removed,
/// and nothing else: a file wikisite never wrote is never in a manifest, so it is never touched.
///
/// It lives in the state folder as `manifest.json`: a JSON object with the keys sorted, the
/// paths in UTF-8 byte order, one file per line, so the same files always give the same bytes.
/// Paths are exact: two paths that differ only in Unicode normalisation are two files.
public struct Manifest: Sendable, Equatable {
    /// The name of the file in the state folder.
    public static let fileName = "manifest.json"

    private var hashes: [ExactString: ContentHash]

    /// An empty manifest: no files.
    public init() {
        hashes = [:]
    }

    /// How many files it lists.
    public var count: Int { hashes.count }

    /// Whether it lists no file.
    public var isEmpty: Bool { hashes.isEmpty }

    /// The paths of the files, relative to the output folder, in UTF-8 byte order.
    public var paths: [String] { hashes.keys.sorted().map(\.value) }

    /// The hash recorded for `path`, or `nil` when it is not listed.
    public subscript(path: String) -> ContentHash? {
        hashes[ExactString(path)]
    }

    /// Lists the file at `path` (relative to the output folder, as given to `OutputFolder`)
    /// with the hash of its content, replacing an earlier entry for the same path.
    ///
    /// `path` must be one `OutputFolder` accepts (record files after writing them): recording
    /// any other is a programming error and stops the program.
    public mutating func record(_ path: String, hash: ContentHash) {
        precondition(
            (try? RelativePath.check(path, for: .write)) != nil, "not an output path: \(path.debugDescription)")
        hashes[ExactString(path)] = hash
    }

    /// Stops listing the file at `path`.
    public mutating func remove(_ path: String) {
        hashes[ExactString(path)] = nil
    }

    /// The paths listed here that `next` does not list, and that `isIncluded` accepts (all, by
    /// default), in UTF-8 byte order: the files a build made earlier that the build which made
    /// `next` no longer produces. Only the paths kept are sorted.
    public func pathsNoLongerProduced(
        by next: Manifest, where isIncluded: (String) -> Bool = { _ in true }
    ) -> [String] {
        hashes.keys.filter { next.hashes[$0] == nil && isIncluded($0.value) }.sorted().map(\.value)
    }

    /// Both manifests' files; where both list a path, `other`'s hash wins.
    ///
    /// Saving `previous.merging(planned)` before a build writes anything keeps every file it may
    /// leave behind on record, should it be killed before it saves its own manifest.
    public func merging(_ other: Manifest) -> Manifest {
        var merged = self
        merged.hashes.merge(other.hashes) { _, new in new }
        return merged
    }

    /// Reads `manifest.json` from `stateFolder`; an empty manifest when there is none yet.
    /// Throws `WriteError` naming the file, and the byte where it broke when it is damaged.
    public static func load(fromStateFolder stateFolder: String) throws -> Manifest {
        let path = Self.path(inStateFolder: stateFolder)
        guard let bytes = try readFile(atPath: path) else { return Manifest() }
        var decoder = ManifestDecoder(bytes: bytes, path: path)
        return Manifest(hashes: try decoder.decode())
    }

    /// Writes `manifest.json` into `stateFolder` (created if missing) atomically, and only if its
    /// bytes changed.
    public func save(toStateFolder stateFolder: String) throws {
        try OutputFolder(root: stateFolder).write(encoded(), to: Self.fileName)
    }

    /// The content of `manifest.json`.
    func encoded() -> [UInt8] {
        var output = Array("{\n  \"files\": {".utf8)
        for (index, (path, hash)) in hashes.sorted(by: { $0.key < $1.key }).enumerated() {
            output.append(contentsOf: (index == 0 ? "\n    " : ",\n    ").utf8)
            appendJSONString(path.value, to: &output)
            output.append(contentsOf: ": \"".utf8)
            hash.appendHexadecimal(to: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(contentsOf: (hashes.isEmpty ? "},\n" : "\n  },\n").utf8)
        output.append(contentsOf: "  \"version\": \(ManifestDecoder.version)\n}\n".utf8)
        return output
    }

    private init(hashes: [ExactString: ContentHash]) {
        self.hashes = hashes
    }

    private static func path(inStateFolder stateFolder: String) -> String {
        stateFolder.hasSuffix("/") ? stateFolder + fileName : stateFolder + "/" + fileName
    }
}

/// Appends `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
/// as UTF-8.
private func appendJSONString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
        case 0..<0x20:
            output.append(contentsOf: "\\u00".utf8)
            output.append(ContentHash.hexadecimalDigits[Int(byte >> 4)])
            output.append(ContentHash.hexadecimalDigits[Int(byte & 0xf)])
        default:
            output.append(byte)
        }
    }
    output.append(UInt8(ascii: "\""))
}
