import WikiDocuments

/// The files a build made, each with the hash of its content: what a later build may remove.
///
/// The pipeline records every file it writes (or finds unchanged); the build state keeps them, and
/// a later build removes only files on that record: a file wikisite never wrote is never in a
/// manifest, so it is never touched. Paths are exact: two paths that differ only in Unicode
/// normalisation are two files.
///
/// wikisite up to state format 3 kept the manifest in the state folder as `manifest.json` (a JSON
/// object `{"files": {path: sixteen hexadecimal digits}, "version": 1}`); `load(fromStateFolder:)`
/// reads it, so the build state can take it over.
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

    /// Reads `manifest.json` from `stateFolder`; an empty manifest when there is none.
    /// Throws `WriteError` naming the file, and the byte where it broke when it is damaged.
    public static func load(fromStateFolder stateFolder: String) throws -> Manifest {
        let path = Self.path(inStateFolder: stateFolder)
        guard let bytes = try readFile(atPath: path) else { return Manifest() }
        var decoder = ManifestDecoder(bytes: bytes, path: path)
        return Manifest(hashes: try decoder.decode())
    }

    private init(hashes: [ExactString: ContentHash]) {
        self.hashes = hashes
    }

    /// Where `manifest.json` is in `stateFolder`.
    public static func path(inStateFolder stateFolder: String) -> String {
        stateFolder.hasSuffix("/") ? stateFolder + fileName : stateFolder + "/" + fileName
    }
}
