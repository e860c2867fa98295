import Foundation
import WikiDocuments

/// The terms of one term shard (`t-<key>.js`) with all their postings, each in the order of the
/// documents' keys: what the whole index cuts into shards (`SearchShardCut`). Its file and the
/// state hold it with its common terms split into parts (`StoredSearchShard`).
package struct SearchShard: Sendable, Equatable {
    /// One document's posting of a term: the document's key, 12 hexadecimal digits kept as the
    /// number they write, and where the term is in it.
    package struct Posting: Sendable, Equatable {
        let posting: SearchPosting
        /// The key's high 16 bits and its low 32, after the posting's 10 bytes: 16 bytes a
        /// posting rather than the 24 a `UInt64` aligns it to, for a large wiki holds tens of
        /// millions of them.
        private let keyHigh: UInt16
        private let keyLow: UInt32

        /// The number the document's key writes: 48 bits.
        package var key: UInt64 { UInt64(keyHigh) << 32 | UInt64(keyLow) }

        /// The posting of the document `key` (`SearchEntry.key`).
        init(key: String, posting: SearchPosting) {
            self.init(key: Self.number(ofKey: key), posting: posting)
        }

        /// The posting of the document whose key writes `key`, a number of 48 bits.
        init(key: UInt64, posting: SearchPosting) {
            keyLow = UInt32(truncatingIfNeeded: key)
            keyHigh = UInt16(truncatingIfNeeded: key >> 32)
            self.posting = posting
        }

        /// The number the key `key` (`SearchEntry.key`) writes.
        package static func number(ofKey key: String) -> UInt64 {
            UInt64(key, radix: 16) ?? 0
        }

        /// Writes the key's 12 lowercase hexadecimal digits into `buffer` from `start`; returns
        /// where they end.
        func writeKey(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
            for digit in 0..<SearchShard.keyLength {
                buffer[start + digit] = LowercaseHexadecimal.digit(UInt8((key >> UInt64(44 - 4 * digit)) & 0xf))
            }
            return start + SearchShard.keyLength
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

    /// The shard of no term.
    package init() {}

    /// The shard of `terms`, each with its postings in key order.
    init(terms: [String: [Posting]]) {
        self.terms = terms
    }

    /// What a term weighs in a shard's value besides its letters and its postings.
    static let termOverhead = 6

    /// The bytes `term` and its `postings` take in a shard's value, near enough.
    package static func size(of term: String, _ postings: [Posting]) -> Int {
        size(ofTerm: term, weighing: size(of: postings))
    }

    /// The bytes `term` takes in a shard's value with postings that weigh `postingsSize` bytes.
    package static func size(ofTerm term: String, weighing postingsSize: Int) -> Int {
        term.utf8.count + termOverhead + postingsSize
    }

    /// The bytes `postings` take in a shard's value, near enough.
    package static func size(of postings: some Sequence<Posting>) -> Int {
        postings.reduce(0) { $0 + size(of: $1) }
    }

    /// The bytes `posting` takes in a shard's value, near enough.
    package static func size(of posting: Posting) -> Int {
        size(of: posting.posting)
    }

    /// The bytes a posting of `posting` takes in a shard's value, near enough: its key's, its
    /// numbers' and its brackets'.
    package static func size(of posting: SearchPosting) -> Int {
        keyLength + posting.textLength + 6
    }

    /// `postings` (in key order) with those of the documents `changes` names set, by key (a nil
    /// takes the document's out), in one pass, however many documents change.
    package static func setting(_ changes: [String: SearchPosting?], in postings: [Posting]) -> [Posting] {
        let changed = Dictionary(uniqueKeysWithValues: changes.map { (Posting.number(ofKey: $0.key), $0.value) })
        var postings = postings.filter { changed[$0.key] == nil }
        for (key, posting) in changed {
            if let posting { postings.append(Posting(key: key, posting: posting)) }
        }
        postings.sort { $0.key < $1.key }
        return postings
    }

    /// The most bytes a posting takes in a shard's value or row, its separator included.
    private static let longestPosting = keyLength + SearchPosting.longestText + 6

    /// Appends `postings` to `bytes`, each `["key",count,fields,section]`, separated by commas.
    static func appendPostings(_ postings: [Posting], to bytes: inout [UInt8]) {
        appendEach(of: postings, to: &bytes) { posting, first, buffer in
            var end = first ? 0 : 1
            buffer[0] = UInt8(ascii: ",")
            (buffer[end], buffer[end + 1]) = (UInt8(ascii: "["), UInt8(ascii: "\""))
            end = posting.writeKey(into: buffer, at: end + 2)
            (buffer[end], buffer[end + 1]) = (UInt8(ascii: "\""), UInt8(ascii: ","))
            end = posting.posting.write(into: buffer, at: end + 2)
            buffer[end] = UInt8(ascii: "]")
            return end + 1
        }
    }

    /// Appends `postings` as the state keeps them: a TAB then `key:posting` a posting.
    package static func appendEncoded(_ postings: [Posting], to bytes: inout [UInt8]) {
        appendEach(of: postings, to: &bytes) { posting, _, buffer in
            buffer[0] = UInt8(ascii: "\t")
            let end = posting.writeKey(into: buffer, at: 1)
            buffer[end] = UInt8(ascii: ":")
            return posting.posting.write(into: buffer, at: end + 1)
        }
    }

    /// Appends to `bytes` what `write` writes of each posting (whether it is the first, and a
    /// buffer of `longestPosting` bytes; it returns how many it wrote): a posting at a time,
    /// not a byte at a time.
    private static func appendEach(
        of postings: [Posting], to bytes: inout [UInt8],
        _ write: (Posting, Bool, UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestPosting) { buffer in
            for (position, posting) in postings.enumerated() {
                let end = write(posting, position == 0, buffer)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
            }
        }
    }

    /// The postings `appendEncoded(_:to:)` wrote into `bytes`; nil when `bytes` is not such. It
    /// reads the bytes in place: an edit reads back every posting of the parts it changes.
    package static func postings(encoded bytes: ArraySlice<UInt8>) -> [Posting]? {
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

    /// The posting `key:count,fields,section` of `encoded`; nil when it is not one.
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
