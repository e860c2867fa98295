import WikiDocuments

/// Reads CouchDB dumps of every supported form (``DumpFormat``) as one stream of documents.
///
/// The form is recognised from the content, never from the file name. The reader walks the dump
/// element by element and hands the documents over a small batch at a time (parsed on every core,
/// handed over in file order), so memory use does not grow with the dump. A malformed dump throws ``DumpError`` naming the line, column and byte where
/// it broke; entries that are well-formed JSON but not usable documents are collected in
/// ``DumpSummary/rejected`` and the rest is read.
public enum DumpReader {
    /// Detects the form from the content (not the file name) and calls `body` for each document,
    /// in file order. The file is memory-mapped, never read whole into memory.
    ///
    /// - Throws: ``DumpFileError`` when the file cannot be opened, ``DumpError`` when it is not a
    ///   well-formed dump, and whatever `body` throws (reading stops there).
    public static func read(path: String, _ body: (Document) throws -> Void) throws -> DumpSummary {
        try FileContents.withBytes(ofFile: path) { bytes, releaser in
            var walker = DumpWalker(bytes: bytes, name: path, releaser: releaser)
            return try walker.read { try body($0.document!) }
        }
    }

    /// Reads a dump held in memory; `name` stands for its path in origins and errors.
    public static func read(
        bytes: UnsafeRawBufferPointer, name: String, _ body: (Document) throws -> Void
    ) throws -> DumpSummary {
        var walker = DumpWalker(bytes: bytes, name: name)
        return try walker.read { try body($0.document!) }
    }

    /// Reads a dump held in memory; `name` stands for its path in origins and errors.
    public static func read(
        bytes: [UInt8], name: String, _ body: (Document) throws -> Void
    ) throws -> DumpSummary {
        try bytes.withUnsafeBytes { buffer in
            try read(bytes: buffer, name: name, body)
        }
    }
}
