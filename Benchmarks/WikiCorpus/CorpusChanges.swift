import WikiDocuments

/// `count` random changes of a corpus, as a replication would bring them: a quarter each of text
/// edits, edits that add a link, pages created and pages deleted. Each edit and deletion extends
/// the page's one revision (`_revisions`), so the store takes it as the page's next revision.
///
/// Drawn from the corpus's seed: the same count gives the same changes. The changed pages are
/// spread over the whole wiki, each changed once; the created pages are the titles the corpus
/// links to as missing first, so their creation restyles links as a wanted page's does.
public struct CorpusChanges: Sendable {
    /// The corpus as first written (``Corpus/editRevision`` 0).
    public let corpus: Corpus
    /// How many documents change.
    public let count: Int
    /// The step between the pages changed, prime to the page count.
    private let stride: Int

    /// `count` changes of `corpus`; at most its page count.
    public init(of corpus: Corpus, count: Int) {
        precondition(count >= 1 && count <= corpus.pageCount)
        self.corpus = corpus
        self.count = count
        var stride = 15_485_863 % corpus.pageCount
        while stride == 0 || Self.gcd(stride, corpus.pageCount) != 1 { stride += 1 }
        self.stride = stride
    }

    /// The page change `index` touches: distinct for distinct indexes, far apart in the wiki.
    func page(ofChange index: Int) -> Int {
        (index * stride + corpus.pageCount / 3) % corpus.pageCount
    }

    /// Writes the changes as a `_bulk_docs` body, in pieces handed to `write`.
    public func write(to write: ([UInt8]) throws -> Void) throws {
        var writer = DumpRows(form: .bulkDocs)
        writer.begin(documentCount: count)
        var created = 0
        for index in 0..<count {
            let document: [UInt8]
            let id: String
            if index % 4 == 2 {
                created += 1
                let number = corpus.createdPage(created)
                id = corpus.documentID(ofPage: number)
                document = corpus.document(ofPage: number)
            } else {
                let number = page(ofChange: index)
                id = corpus.documentID(ofPage: number)
                document = changedDocument(ofPage: number, kind: index % 4)
            }
            try writer.add(id: id, revision: "", sequence: index + 1, document: document, to: write)
        }
        try writer.end(to: write)
    }

    /// Page `number` at its second revision: its text edited (`kind` 0), a link added (1), or
    /// deleted (3).
    private func changedDocument(ofPage number: Int, kind: Int) -> [UInt8] {
        let first = corpus.revision(ofPage: number)
        var random = SeededRandom(seed: corpus.seed, item: number, variant: 1_000_000 + count)
        let hash = String(random.next(), radix: 16) + String(random.next(), radix: 16)
        var json = Array(#"{"_id":"#.utf8)
        JSONWriter.write(string: corpus.documentID(ofPage: number), to: &json)
        json += #","_rev":"2-\#(hash)","_revisions":{"start":2,"ids":["\#(hash)","#.utf8
        JSONWriter.write(string: String(first.drop { $0 != "-" }.dropFirst()), to: &json)
        json += "]}".utf8
        guard kind != 3 else { return json + #","_deleted":true}"#.utf8 }
        var markdown = corpus.markdown(ofPage: number)
        let linked = corpus.title(ofPage: random.below(corpus.pageCount))
        markdown += kind == 0 ? "\n_Edited: a sentence more._\n" : "\nSee also [[\(linked)]].\n"
        json += #","type":"page","wiki_id":"#.utf8
        JSONWriter.write(string: Corpus.wikiID, to: &json)
        json += #","markdown":"#.utf8
        JSONWriter.write(string: markdown, to: &json)
        let (created, _) = corpus.timestamps(ofPage: number)
        json += #","created_at":"#.utf8
        JSONWriter.write(string: created, to: &json)
        json += #","updated_at":"#.utf8
        JSONWriter.write(string: Corpus.timestamp(minute: 20_000_000 + number), to: &json)
        json += #","updated_by":"zoë"}"#.utf8
        return json
    }

    private static func gcd(_ left: Int, _ right: Int) -> Int {
        right == 0 ? left : gcd(right, left % right)
    }
}
