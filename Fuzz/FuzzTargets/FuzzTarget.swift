/// The fuzz targets: each takes one input of arbitrary bytes, runs a part of wikisite on it, and
/// checks what must hold whatever the input. A crash, a hang or a thrown ``InvariantViolation``
/// is a failure.
public enum FuzzTarget: String, CaseIterable, Sendable, Codable {
    /// `DumpReader` on the input as a dump (``DumpReaderTarget``).
    case dumpReader = "dump-reader"
    /// `JSONParser` and `JSONWriter` on the input as JSON text (``JSONParserTarget``).
    case jsonParser = "json-parser"
    /// A page's front matter split, read or shown as code (``FrontMatterTarget``).
    case frontMatter = "front-matter"
    /// `MarkdownRenderer` on the input as Markdown, with every option (``MarkdownTarget``).
    case markdown
    /// `WikiDatabaseBuilder` on the documents of the input read as a dump (``ModelTarget``).
    case model
    /// `NoteNames` on the input as note paths, link texts and a linking note (``NoteNamesTarget``).
    case noteNames = "note-names"
    /// `SitePaths` on the input as a wiki ID and two titles (``SitePathsTarget``).
    case sitePaths = "site-paths"
    /// `SVGSanitizer` on the input as an SVG file (``SVGTarget``).
    case svg
    /// `WikiTag` on each line of the input, and the inline tags of it as Markdown (``TagsTarget``).
    case tags
    /// `SearchPlainText` and `SearchTerms` on the input as Markdown (``SearchTextTarget``).
    case searchText = "search-text"

    /// Runs the target on one input.
    ///
    /// - Throws: ``InvariantViolation`` when something that must hold for every input does not.
    public func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        switch self {
        case .dumpReader: try DumpReaderTarget.run(input)
        case .jsonParser: try JSONParserTarget.run(input)
        case .frontMatter: try FrontMatterTarget.run(input)
        case .markdown: try MarkdownTarget.run(input)
        case .model: try ModelTarget.run(input)
        case .noteNames: try NoteNamesTarget.run(input)
        case .sitePaths: try SitePathsTarget.run(input)
        case .svg: try SVGTarget.run(input)
        case .tags: try TagsTarget.run(input)
        case .searchText: try SearchTextTarget.run(input)
        }
    }
}
