/// Every posting of a wiki's terms, gathered by term as the documents come in the order of
/// their keys. A term's list is kept as bytes: for each posting, how far its document's number
/// is past the previous one's, its count, then its section and fields as one number (the section
/// times 8, plus the three bits of the fields), each an unsigned LEB128 integer
/// (`StoredOutline`). That is about four bytes a posting where a `SearchShard.Posting` takes
/// sixteen: a wiki of 100,000 pages has more than ten million. The bytes are kept in chunks that
/// grow with the list, so that a list never has more than a quarter of its bytes, or 64 KB, of
/// room unused, and growing it copies nothing.
package struct TermPostings {
    /// One term's postings as they are gathered.
    struct List: Sendable {
        fileprivate(set) var chunks: [[UInt8]] = []
        /// How many postings it has.
        fileprivate(set) var count = 0
        /// What the term's postings weigh in a shard's value (`SearchShard.size(of:)`).
        fileprivate(set) var size = 0
        /// The number of the last document added.
        fileprivate var lastDocument = -1
        /// How many bytes its chunks hold.
        fileprivate var byteCount = 0
    }

    /// The terms by their bytes, each numbered in the order it came.
    private var terms: TermTally<Void>
    /// Each term's list, by the term's number.
    private(set) var lists: [List] = []

    /// Postings sized for about `expectedTerms` distinct terms.
    init(expectedTerms: Int) {
        terms = TermTally(expectedTerms: expectedTerms)
    }

    /// How many distinct terms it holds.
    var count: Int { lists.count }

    /// The term numbered `number`.
    func term(_ number: Int) -> String {
        terms.term(number)
    }

    /// Adds the postings of `entry`, the document numbered `document` in the order of the keys:
    /// each call's number is above the previous call's.
    mutating func add(_ entry: SearchEntry, document: Int) {
        entry.forEachPosting { term, posting in
            let number = terms.update(term, initial: ()) { _ in }
            if number == lists.count { lists.append(List()) }
            lists[number].add(posting, document: document)
        }
    }

    /// Takes the postings of the term numbered `number` out, to be written: it holds none of
    /// them after.
    mutating func take(_ number: Int) -> List {
        defer { lists[number] = List() }
        return lists[number]
    }

    /// The postings of `list`, in key order, each with its document's key: `keys` holds the
    /// number each document's key writes, in the order of the documents' numbers.
    static func postings(of list: List, keys: [UInt64]) -> [SearchShard.Posting] {
        var postings: [SearchShard.Posting] = []
        postings.reserveCapacity(list.count)
        var document = -1
        for chunk in list.chunks {
            chunk.withUnsafeBytes { raw in
                var reader = StoredOutline.Reader(bytes: raw)
                while let step = reader.integer(), let count = reader.integer(), let place = reader.integer() {
                    document += step
                    let posting = SearchPosting(count: count, fields: place & 7, section: place >> 3)
                    postings.append(SearchShard.Posting(key: keys[document], posting: posting))
                }
            }
        }
        return postings
    }
}

extension TermPostings.List {
    /// The most bytes a posting takes: three LEB128 integers of 64 bits.
    private static let longestPosting = 30
    /// The most room a new chunk has.
    private static let largestChunk = 64 * 1024

    /// Adds `posting` of the document numbered `document`, past the last one added.
    fileprivate mutating func add(_ posting: SearchPosting, document: Int) {
        if chunks.isEmpty || chunks[chunks.count - 1].capacity - chunks[chunks.count - 1].count < Self.longestPosting {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(min(Self.largestChunk, max(Self.longestPosting * 2, byteCount / 4)))
            chunks.append(chunk)
        }
        let before = chunks[chunks.count - 1].count
        StoredOutline.append(document - lastDocument, to: &chunks[chunks.count - 1])
        StoredOutline.append(Int(posting.count), to: &chunks[chunks.count - 1])
        StoredOutline.append(Int(posting.section) << 3 | Int(posting.fields & 7), to: &chunks[chunks.count - 1])
        byteCount += chunks[chunks.count - 1].count - before
        lastDocument = document
        count += 1
        size += SearchShard.size(of: posting)
    }
}
