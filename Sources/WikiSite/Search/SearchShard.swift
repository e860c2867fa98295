import Foundation
import WikiDocuments

/// The terms of one term shard (`t-<key>.js`) with all their postings, each in the order of the
/// documents' keys: what the whole index cuts into shards (`SearchShardCut`). Its file and the
/// state hold it with its common terms split into parts (`StoredSearchShard`).
struct SearchShard: Sendable, Equatable {
    /// One document's posting of a term: the document's key, 12 hexadecimal digits kept as the
    /// number they write, and where the term is in it.
    struct Posting: Sendable, Equatable {
        let key: UInt64
        let posting: SearchPosting

        /// The posting of the document `key` (`SearchEntry.key`).
        init(key: String, posting: SearchPosting) {
            self.init(key: Self.number(ofKey: key), posting: posting)
        }

        init(key: UInt64, posting: SearchPosting) {
            self.key = key
            self.posting = posting
        }

        /// The number the key `key` (`SearchEntry.key`) writes.
        static func number(ofKey key: String) -> UInt64 {
            UInt64(key, radix: 16) ?? 0
        }

        /// The bytes of the key: 12 lowercase hexadecimal digits.
        func appendKey(to bytes: inout [UInt8]) {
            for shift in stride(from: 44, through: 0, by: -4) {
                bytes.append(LowercaseHexadecimal.digit(UInt8((key >> UInt64(shift)) & 0xf)))
            }
        }
    }

    /// How many digits a document's key has.
    static let keyLength = 12

    /// The postings of each term, by key.
    private(set) var terms: [String: [Posting]] = [:]

    var isEmpty: Bool { terms.isEmpty }

    /// The bytes the shard's value takes, near enough: what the cut weighs (`SearchShardCut`).
    var size: Int {
        terms.reduce(0) { $0 + Self.size(of: $1.key, $1.value) }
    }

    init() {}

    /// The shard of `terms`, each with its postings in key order.
    init(terms: [String: [Posting]]) {
        self.terms = terms
    }

    /// What a term weighs in a shard's value besides its letters and its postings.
    static let termOverhead = 6

    /// The bytes `term` and its `postings` take in a shard's value, near enough.
    static func size(of term: String, _ postings: [Posting]) -> Int {
        term.utf8.count + termOverhead + size(of: postings)
    }

    /// The bytes `postings` take in a shard's value, near enough.
    static func size(of postings: some Sequence<Posting>) -> Int {
        postings.reduce(0) { $0 + size(of: $1) }
    }

    /// The bytes `posting` takes in a shard's value, near enough.
    static func size(of posting: Posting) -> Int {
        keyLength + posting.posting.textLength + 6
    }

    /// `postings` (in key order) with those of the documents `changes` names set, by key (a nil
    /// takes the document's out), in one pass, however many documents change.
    static func setting(_ changes: [String: SearchPosting?], in postings: [Posting]) -> [Posting] {
        let changed = Dictionary(uniqueKeysWithValues: changes.map { (Posting.number(ofKey: $0.key), $0.value) })
        var postings = postings.filter { changed[$0.key] == nil }
        for (key, posting) in changed {
            if let posting { postings.append(Posting(key: key, posting: posting)) }
        }
        postings.sort { $0.key < $1.key }
        return postings
    }

    /// Appends `postings` to `bytes`, each `["key",count,fields,section,class]`, separated by commas.
    static func appendPostings(_ postings: [Posting], to bytes: inout [UInt8]) {
        for (position, posting) in postings.enumerated() {
            bytes.append(contentsOf: (position == 0 ? "[\"" : ",[\"").utf8)
            posting.appendKey(to: &bytes)
            bytes.append(contentsOf: "\",".utf8)
            posting.posting.append(to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// Appends `postings` as the state keeps them: a TAB then `key:posting` a posting.
    static func appendEncoded(_ postings: [Posting], to bytes: inout [UInt8]) {
        for posting in postings {
            bytes.append(UInt8(ascii: "\t"))
            posting.appendKey(to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            posting.posting.append(to: &bytes)
        }
    }

    /// The postings `appendEncoded(_:to:)` wrote into `bytes`; nil when `bytes` is not such. It
    /// reads the bytes in place: an edit reads back every posting of the parts it changes.
    static func postings(encoded bytes: ArraySlice<UInt8>) -> [Posting]? {
        var postings: [Posting] = []
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex {
            guard bytes[cursor] == UInt8(ascii: "\t") else { return nil }
            let next = bytes[(cursor + 1)...].firstIndex(of: UInt8(ascii: "\t")) ?? bytes.endIndex
            guard let posting = Self.posting(encoded: bytes[(cursor + 1)..<next]) else { return nil }
            postings.append(posting)
            cursor = next
        }
        return postings
    }

    /// The posting `key:count,fields,section,class` of `encoded`; nil when it is not one.
    private static func posting(encoded: ArraySlice<UInt8>) -> Posting? {
        let colon = encoded.startIndex + keyLength
        guard encoded.count > keyLength + 1, encoded[colon] == UInt8(ascii: ":") else { return nil }
        var key: UInt64 = 0
        for byte in encoded[..<colon] {
            guard let digit = LowercaseHexadecimal.value(ofDigit: byte) else { return nil }
            key = key << 4 | UInt64(digit)
        }
        return SearchPosting(text: encoded[(colon + 1)...]).map { Posting(key: key, posting: $0) }
    }
}
