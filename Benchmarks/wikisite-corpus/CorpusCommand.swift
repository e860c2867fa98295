import ArgumentParser
import WikiCorpus
import WikiDocuments
import WikiSources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CorpusForm: ExpressibleByArgument {}

/// `wikisite-corpus`: the benchmark's corpora (BENCHMARKS.md says how `make bench` uses them).
@main
struct CorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wikisite-corpus",
        abstract: "Write and read the synthetic wikis of the benchmark (make bench).",
        subcommands: [Generate.self, Folder.self, Parse.self]
    )
}

/// `wikisite-corpus generate`: a seeded corpus as a dump, and the floor program's input.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a synthetic wiki of --pages pages as a dump; the same seed writes the same bytes.",
        discussion: """
            One wiki (ID \(Corpus.wikiID)) of pages of about 2.5 KB of Markdown with 5 to 15 \
            wikilinks each, about 10 % of them to missing pages. --edit N edits the page in the \
            middle N times (its revision is N+1): a one-page change for incremental builds. \
            --created N writes only the Nth page created after the corpus's last, under a title \
            the pages link to as missing. --changes K writes only K random changes (a quarter each \
            of text edits, links added, pages created and pages deleted), to import into a store \
            built from the corpus.
            """
    )

    @Option(help: "How many pages.") var pages: Int
    @Option(help: "What the corpus is drawn from.") var seed: UInt64 = 1
    @Option(help: "bulk-docs, all-docs, changes, continuous or couchbackup.") var form: CorpusForm = .allDocs
    @Option(help: "How many times the page in the middle has been edited.") var edit = 0
    @Flag(help: "Write only the edited page (a feed after the edit, or a dump to import).") var onlyEdited = false
    @Option(help: "Write only the Nth page created after the corpus (a dump to import).") var created: Int?
    @Option(help: "Write only this many random changes of the corpus (a dump to import).") var changes: Int?
    @Option(help: ArgumentHelp("The dump to write.", valueName: "file")) var out: String
    @Option(help: ArgumentHelp("Also write every page's Markdown for the floor program.", valueName: "file"))
    var floorInput: String?

    func validate() throws {
        guard pages > 0 else { throw ValidationError("--pages must be at least 1.") }
        guard edit >= 0 else { throw ValidationError("--edit cannot be negative.") }
        guard (created ?? 1) >= 1 else { throw ValidationError("--created must be at least 1.") }
        guard [created != nil, onlyEdited, changes != nil].count(where: \.self) <= 1 else {
            throw ValidationError("--created, --only-edited and --changes each write part of a dump: give one of them.")
        }
        guard (1...pages).contains(changes ?? 1) else {
            throw ValidationError("--changes must be between 1 and the page count.")
        }
    }

    func run() throws {
        let corpus = Corpus(pageCount: pages, seed: seed, editRevision: edit)
        let page = created.map(corpus.createdPage) ?? (onlyEdited ? corpus.editedPage : nil)
        try OutputFile.write(out) { write in
            if let changes {
                try CorpusChanges(of: corpus, count: changes).write(to: write)
            } else if let page {
                try corpus.writeDump(ofPage: page, form: form, to: write)
            } else {
                try corpus.writeDump(form: form, to: write)
            }
        }
        if let floorInput {
            try OutputFile.write(floorInput) { write in try corpus.writeFloorInput(to: write) }
        }
    }
}

/// `wikisite-corpus folder`: the corpus as a folder of Markdown with images (`CorpusFolder`).
struct Folder: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the synthetic wiki of --pages pages as a folder of Markdown, with --images images.",
        discussion: """
            The home (index.md), one <title>.md a page, and the images in images/: each embedded \
            by one note with a wikilink and by the next with a relative Markdown path. --edit N \
            edits the note in the middle N times; with --only-edited, only that note is written.
            """
    )

    @Option(help: "How many pages.") var pages: Int
    @Option(help: "How many images the notes embed.") var images = 0
    @Option(help: "What the corpus is drawn from.") var seed: UInt64 = 1
    @Option(help: "How many times the note in the middle has been edited.") var edit = 0
    @Flag(help: "Write only the edited note.") var onlyEdited = false
    @Option(help: ArgumentHelp("The folder to write (made if missing).", valueName: "folder")) var out: String

    func validate() throws {
        guard pages > 0 else { throw ValidationError("--pages must be at least 1.") }
        guard images >= 0, edit >= 0 else { throw ValidationError("--images and --edit cannot be negative.") }
    }

    func run() throws {
        let folder = CorpusFolder(corpus: Corpus(pageCount: pages, seed: seed, editRevision: edit), imageCount: images)
        for path in [out, out + "/images"] where mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        if onlyEdited {
            let page = folder.corpus.editedPage
            try OutputFile.write(out + "/" + folder.notePath(ofPage: page)) {
                try $0(Array(folder.note(ofPage: page).utf8))
            }
            return
        }
        try folder.write { path, bytes in try OutputFile.write(out + "/" + path) { try $0(bytes) } }
    }
}

/// `wikisite-corpus parse`: only reads a dump, for the time parsing it takes.
struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a dump with wikisite's dump reader and count its documents, nothing else.")

    @Argument(help: ArgumentHelp("The dump.", valueName: "file")) var dump: String

    func run() throws {
        var pages = 0
        let summary = try DumpReader.read(path: dump) { document in
            if document.body["type"]?.stringValue == "page" { pages += 1 }
        }
        print("\(summary.documentCount) documents (\(pages) pages), \(summary.format.rawValue)")
    }
}

/// A file written in pieces, created or truncated.
enum OutputFile {
    /// Opens `path` and hands `body` a function that appends bytes to it.
    static func write(_ path: String, _ body: (([UInt8]) throws -> Void) throws -> Void) throws {
        guard let file = fopen(path, "wb") else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        try body { bytes in
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
                throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
            }
        }
        guard fflush(file) == 0 else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// A file that could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot write \(path): \(reason)" }
}
