import Testing
import WikiCorpus
import WikiDocuments
import WikiModel
import WikiSources

/// The bytes of `corpus` written as `form`: the whole corpus, or page `page` alone.
private func dump(_ corpus: Corpus, form: CorpusForm, page: Int? = nil) throws -> [UInt8] {
    var bytes: [UInt8] = []
    if let page {
        try corpus.writeDump(ofPage: page, form: form) { bytes += $0 }
    } else {
        try corpus.writeDump(form: form) { bytes += $0 }
    }
    return bytes
}

/// The documents the real dump reader reads from `bytes`, and what it says of them.
private func read(_ bytes: [UInt8]) throws -> (documents: [Document], summary: DumpSummary) {
    var documents: [Document] = []
    let summary = try DumpReader.read(bytes: bytes, name: "corpus.json") { documents.append($0) }
    return (documents, summary)
}

/// The wikilinks of `markdown`, outside code, as (target, label).
private func wikilinks(in markdown: String) -> [(target: String, label: String?)] {
    var links: [(String, String?)] = []
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") { inFence.toggle() }
        if inFence { continue }
        var rest = line[...]
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            let inside = rest[open.upperBound..<close.lowerBound]
            let parts = inside.split(separator: "|", maxSplits: 1).map(String.init)
            links.append((parts[0], parts.count > 1 ? parts[1] : nil))
            rest = rest[close.upperBound...]
        }
    }
    return links
}

@Suite struct CorpusTests {
    @Test func sameSeedSameBytesOtherSeedOtherBytes() throws {
        for form in CorpusForm.allCases {
            let first = try dump(Corpus(pageCount: 30, seed: 7), form: form)
            #expect(first == (try dump(Corpus(pageCount: 30, seed: 7), form: form)), "\(form)")
            #expect(first != (try dump(Corpus(pageCount: 30, seed: 8), form: form)), "\(form)")
        }
        var floor: [[UInt8]] = [[], []]
        try Corpus(pageCount: 30, seed: 7).writeFloorInput { floor[0] += $0 }
        try Corpus(pageCount: 30, seed: 7).writeFloorInput { floor[1] += $0 }
        #expect(floor[0] == floor[1])
    }

    @Test(arguments: [
        (CorpusForm.bulkDocs, DumpFormat.bulkDocs), (.allDocs, .allDocs), (.changes, .changes),
        (.continuous, .continuousChanges), (.couchbackup, .couchbackup),
    ])
    func everyFormReadsBackWhole(form: CorpusForm, format: DumpFormat) throws {
        // 1,203 pages: more than two couchbackup lines of 500 documents.
        let corpus = Corpus(pageCount: 1203, seed: 3)
        let (documents, summary) = try read(try dump(corpus, form: form))
        #expect(summary.format == format)
        #expect(summary.rejected.isEmpty)
        #expect(documents.map(\.id) == [Corpus.wikiID] + (0..<1203).map(corpus.documentID(ofPage:)))

        var builder = WikiDatabaseBuilder()
        for document in documents { builder.add(document) }
        let database = builder.build()
        #expect(database.skipped.isEmpty && database.conflicts.isEmpty)
        #expect(database.pages(inWiki: Corpus.wikiID).count == 1203)
        #expect(database.wikis.map(\.title) == ["Benchmark Wiki"])
    }

    @Test func titlesAreDistinctNonASCIIAndPunctuated() {
        let corpus = Corpus(pageCount: 1000)
        let titles = (0..<110_000).map(corpus.title(ofPage:))
        #expect(Set(titles).count == titles.count)
        #expect(titles.allSatisfy { PageTitle($0)?.text == $0 })
        let sample = titles.prefix(1000)
        #expect(sample.filter { $0.unicodeScalars.contains { !$0.isASCII } }.count > 300)
        #expect(sample.filter { $0.contains(":") }.count > 50)
        #expect(sample.filter { $0.contains("(") }.count > 50)
    }

    @Test func pagesAreAboutTwoAndAHalfKilobytesOfVariedMarkdown() {
        let corpus = Corpus(pageCount: 200)
        let pages = (0..<200).map(corpus.markdown(ofPage:))
        let meanSize = pages.map(\.utf8.count).reduce(0, +) / pages.count
        #expect((2200...3000).contains(meanSize))
        for marker in ["\n## ", "\n- ", "\n1. ", "\n```", "\n> ", "**", "](http"] {
            #expect(pages.filter { $0.contains(marker) }.count > 20, "\(marker)")
        }
    }

    @Test func wikilinksAreFiveToFifteenAPageAboutATenthMissing() {
        let corpus = Corpus(pageCount: 400)
        let titles = Set((0..<400).map(corpus.title(ofPage:)))
        var total = 0
        var missing = 0
        var labelled = 0
        for number in 0..<400 {
            let links = wikilinks(in: corpus.markdown(ofPage: number))
            #expect((5...15).contains(links.count), "page \(number): \(links.count) links")
            total += links.count
            missing += links.filter { !titles.contains($0.target) }.count
            labelled += links.filter { $0.label != nil }.count
        }
        #expect((8...12).contains(total / 400))
        #expect((0.07...0.13).contains(Double(missing) / Double(total)))
        #expect((0.15...0.25).contains(Double(labelled) / Double(total)))
    }

    @Test func anEditChangesOnePageAndMovesItToTheEndOfAFeed() throws {
        let original = Corpus(pageCount: 50, seed: 5)
        let edited = Corpus(pageCount: 50, seed: 5, editRevision: 2)
        for number in 0..<50 where number != edited.editedPage {
            #expect(original.document(ofPage: number) == edited.document(ofPage: number))
        }
        #expect(original.markdown(ofPage: 25) != edited.markdown(ofPage: 25))
        #expect(edited.markdown(ofPage: 25).hasPrefix(original.markdown(ofPage: 25)))

        let (documents, summary) = try read(try dump(edited, form: .changes))
        #expect(documents.last?.id == edited.documentID(ofPage: 25))
        #expect(documents.last?.revisionText?.hasPrefix("3-") == true)
        #expect(summary.lastSequence == .number("53"))

        let (only, _) = try read(try dump(edited, form: .continuous, page: edited.editedPage))
        #expect(only.map(\.id) == [edited.documentID(ofPage: 25)])
    }

    @Test func aCreatedPageTakesATitleThePagesLinkToAsMissing() throws {
        let corpus = Corpus(pageCount: 200, seed: 3)
        let created = corpus.createdPage(1)
        let (documents, _) = try read(try dump(corpus, form: .allDocs))
        let ids = Set(documents.map(\.id))
        let (only, _) = try read(try dump(corpus, form: .allDocs, page: created))
        #expect(only.map(\.id) == [corpus.documentID(ofPage: created)])
        #expect(!ids.contains(corpus.documentID(ofPage: created)))
        let title = corpus.title(ofPage: created)
        let linking = (0..<200).filter { number in
            wikilinks(in: corpus.markdown(ofPage: number)).contains { $0.target == title }
        }
        #expect(!linking.isEmpty, "no page links to \(title)")
        #expect(corpus.createdPage(2) == created + 1)
    }

    @Test func randomChangesAreAQuarterEachOfEditsLinksCreationsAndDeletions() throws {
        let corpus = Corpus(pageCount: 200, seed: 3)
        var bytes: [UInt8] = []
        try CorpusChanges(of: corpus, count: 40).write { bytes += $0 }
        let (changes, _) = try read(bytes)
        let existing = Set((0..<200).map(corpus.documentID(ofPage:)))
        #expect(changes.count == 40)
        #expect(Set(changes.map(\.id)).count == 40)
        #expect(changes.count(where: \.isDeleted) == 10)
        #expect(changes.count { !existing.contains($0.id) } == 10)
        for change in changes where existing.contains(change.id) {
            // The next revision of the page's one: the store takes it as the page's new winner.
            #expect(change.revisionText?.hasPrefix("2-") == true)
            #expect(change.body["_revisions"] != nil)
        }
        let linksAdded = changes.filter {
            !$0.isDeleted && existing.contains($0.id)
                && ($0.body["markdown"]?.stringValue ?? "").contains("See also [[")
        }
        #expect(linksAdded.count == 10)
    }

    @Test func theFloorInputHoldsEveryPageLengthPrefixed() throws {
        let corpus = Corpus(pageCount: 20)
        var bytes: [UInt8] = []
        try corpus.writeFloorInput { bytes += $0 }
        var rest = bytes[...]
        var pages: [String] = []
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let length = Int(String(decoding: rest[..<newline], as: UTF8.self))!
            let start = rest.index(after: newline)
            pages.append(String(decoding: rest[start..<start + length], as: UTF8.self))
            rest = rest[(start + length)...]
        }
        #expect(pages == (0..<20).map(corpus.markdown(ofPage:)))
    }

    @Test func aFolderHasEveryNoteAndImagesEachNamedByTwoNotes() throws {
        let folder = CorpusFolder(corpus: Corpus(pageCount: 50, seed: 3), imageCount: 20)
        var files: [String: [UInt8]] = [:]
        try folder.write { files[$0] = $1 }
        #expect(files.count == 1 + 50 + 20)
        let notes = (0..<50).map { String(decoding: files[folder.notePath(ofPage: $0)] ?? [], as: UTF8.self) }
        #expect(notes[7].hasPrefix(Corpus(pageCount: 50, seed: 3).markdown(ofPage: 7)))
        for k in 0..<20 {
            let name = folder.imageName(k)
            #expect(notes.count { $0.contains("![[\(name)]]") } == 1, "\(name)")
            #expect(notes.count { $0.contains("](images/\(name))") } == 1, "\(name)")
            #expect(files["images/" + name] != nil)
        }
        var again: [String: [UInt8]] = [:]
        try CorpusFolder(corpus: Corpus(pageCount: 50, seed: 3), imageCount: 20).write { again[$0] = $1 }
        #expect(again == files)
    }

    @Test func folderImagesAreOnePixelPNGsAndSVGsOfTheirOwnColour() {
        let folder = CorpusFolder(corpus: Corpus(pageCount: 10), imageCount: 8)
        let png = folder.image(0)
        #expect(png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The IEND chunk and its CRC, a constant of the format: the checksums are computed right.
        #expect(png.suffix(12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(folder.image(1) != png && folder.imageName(1) == "img-00001.png")
        let svg = String(decoding: folder.image(3), as: UTF8.self)
        #expect(folder.imageName(3) == "img-00003.svg" && svg.hasPrefix("<svg xmlns="))
    }
}
