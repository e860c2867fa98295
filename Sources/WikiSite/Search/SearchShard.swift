import Foundation
import WikiDocuments

/// The terms of one term shard (`t-<key>.js`) with their postings, each in the order of the
/// documents' keys: what the state keeps of the shard, so that the fast path takes postings out
/// and puts them in without the other documents.
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

    /// The bytes `term` and its `postings` take in a shard's value, near enough.
    static func size(of term: String, _ postings: [Posting]) -> Int {
        postings.reduce(term.utf8.count + 6) { $0 + keyLength + $1.posting.textLength + 6 }
    }

    /// Sets the postings of `term` of the documents `changes` names, by key (a nil takes the
    /// document's out), in one pass over the term's postings, however many documents change; a
    /// term left without one goes.
    mutating func set(_ changes: [String: SearchPosting?], for term: String) {
        let changed = Dictionary(uniqueKeysWithValues: changes.map { (Posting.number(ofKey: $0.key), $0.value) })
        var postings = (terms.removeValue(forKey: term) ?? []).filter { changed[$0.key] == nil }
        for (key, posting) in changed {
            if let posting { postings.append(Posting(key: key, posting: posting)) }
        }
        postings.sort { $0.key < $1.key }
        if !postings.isEmpty { terms[term] = postings }
    }

    /// The shard's value: an object from each term, in byte order, to its postings
    /// `[key, count, fields, section, length class]`, or to the summary of its parts when `parts`
    /// splits it (`SearchTermParts.summary(of:)`), written into one string.
    func value(parts: SearchTermParts) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(size)
        for (number, term) in terms.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: ScriptSafeJSON.string(term).utf8)
            bytes.append(UInt8(ascii: ":"))
            let postings = terms[term]!
            if parts.splits(term, postings) {
                bytes.append(contentsOf: SearchTermParts.summary(of: SearchTermParts.parts(of: postings)).utf8)
            } else {
                bytes.append(UInt8(ascii: "["))
                Self.appendPostings(postings, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
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

    /// The shard as the state keeps it: a line a term, `term` then TAB `key:posting` a posting.
    var encoded: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        for (term, postings) in terms {
            bytes.append(contentsOf: term.utf8)
            for posting in postings {
                bytes.append(UInt8(ascii: "\t"))
                posting.appendKey(to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                posting.posting.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// The shard `encoded` made; nil when `data` is not such. It reads the bytes in place: an
    /// edit reads every shard it changes, some of a megabyte.
    init?(encoded data: Data) {
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            guard let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")), tab > start else { return nil }
            var postings: [Posting] = []
            var cursor = tab
            while cursor < end {
                let next = bytes[(cursor + 1)..<end].firstIndex(of: UInt8(ascii: "\t")) ?? end
                guard let posting = Self.posting(encoded: bytes[(cursor + 1)..<next]) else { return nil }
                postings.append(posting)
                cursor = next
            }
            terms[String(decoding: bytes[start..<tab], as: UTF8.self)] = postings
            start = end + 1
        }
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

extension Array {
    /// The first index whose element satisfies `belongs`, the elements that do all coming after
    /// those that do not.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
