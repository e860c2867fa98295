import Foundation
import WikiDocuments

/// A term shard as its file (`t-<key>.js`) shows it and the state keeps it: the postings of
/// each term that is not split, and the summary of each part of a term that is
/// (`SearchTermParts`). A split term's postings are in its parts' files and rows, so an edit of
/// a common word reads and writes the parts its postings leave and join, never the word's
/// whole list.
package struct StoredSearchShard: Sendable, Equatable {
    /// The postings of each term not split, in key order, by term.
    package private(set) var terms: [String: [SearchShard.Posting]] = [:]
    /// The summaries of the parts of each split term, by band and slice, best first, by term.
    package private(set) var splitTerms: [String: [SearchTermParts.Summary]] = [:]

    package var isEmpty: Bool { terms.isEmpty && splitTerms.isEmpty }

    /// What each term weighs (`SearchShard.size(of:_:)`), by term: what the cut weighs.
    package var termSizes: [String: Int] {
        var sizes: [String: Int] = [:]
        for (term, postings) in terms { sizes[term] = SearchShard.size(of: term, postings) }
        for (term, parts) in splitTerms { sizes[term] = Self.size(of: term, parts) }
        return sizes
    }

    /// What the shard weighs: the sum of its terms' sizes.
    package var size: Int {
        terms.reduce(0) { $0 + SearchShard.size(of: $1.key, $1.value) }
            + splitTerms.reduce(0) { $0 + Self.size(of: $1.key, $1.value) }
    }

    /// The shard of no term.
    package init() {}

    /// `shard` with the terms `parts` splits split; the parts' postings are left to their files.
    init(_ shard: SearchShard, parts: SearchTermParts) {
        for (term, postings) in shard.terms {
            if parts.splits(term, postings) {
                splitTerms[term] = parts.summaries(of: postings)
            } else {
                terms[term] = postings
            }
        }
    }

    /// What split `term` with the parts `parts` weighs.
    package static func size(of term: String, _ parts: [SearchTermParts.Summary]) -> Int {
        parts.reduce(term.utf8.count + SearchShard.termOverhead) { $0 + $1.size }
    }

    /// Sets `term`'s postings, not split (none: the term goes).
    package mutating func set(_ postings: [SearchShard.Posting], of term: String) {
        splitTerms[term] = nil
        terms[term] = postings.isEmpty ? nil : postings
    }

    /// Sets the summaries of split `term`'s parts (none: the term goes).
    package mutating func set(_ parts: [SearchTermParts.Summary], ofSplit term: String) {
        terms[term] = nil
        splitTerms[term] = parts.isEmpty ? nil : parts
    }

    /// The shard of the terms among `names` that this one has.
    package func only(_ names: some Sequence<String>) -> StoredSearchShard {
        var shard = StoredSearchShard()
        for name in names {
            shard.terms[name] = terms[name]
            shard.splitTerms[name] = splitTerms[name]
        }
        return shard
    }

    /// The shard with the terms of `other` as well.
    package func merging(_ other: StoredSearchShard) -> StoredSearchShard {
        var shard = self
        shard.terms.merge(other.terms) { first, _ in first }
        shard.splitTerms.merge(other.splitTerms) { first, _ in first }
        return shard
    }

    /// The shard's value: an object from each term, in byte order, to its postings
    /// `[key, count, fields, section, length class]`, or to the summary of its parts
    /// (`SearchTermParts.summary(of:)`, `parts` cutting their bands), written into one string.
    func value(_ parts: SearchTermParts) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        let names = Array(terms.keys) + Array(splitTerms.keys)
        for (number, term) in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: ScriptSafeJSON.string(term).utf8)
            bytes.append(UInt8(ascii: ":"))
            if let postings = terms[term] {
                bytes.append(UInt8(ascii: "["))
                SearchShard.appendPostings(postings, to: &bytes)
                bytes.append(UInt8(ascii: "]"))
            } else {
                bytes.append(contentsOf: parts.summary(of: splitTerms[term]!).utf8)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The shard as the state keeps it: a line a term, `term` then a TAB and `key:posting` a
    /// posting (`SearchShard.appendEncoded`), or a TAB and `=band,slice,count,most count,fields,size`
    /// a part of a split term.
    package var encoded: Data {
        var bytes: [UInt8] = []
        for (term, postings) in terms {
            bytes.append(contentsOf: term.utf8)
            SearchShard.appendEncoded(postings, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        for (term, parts) in splitTerms {
            bytes.append(contentsOf: term.utf8)
            for part in parts {
                let bound = part.bound
                let numbers = [part.band, part.slice, part.count, bound.maxCount, bound.fields, part.size]
                bytes.append(contentsOf: "\t=".utf8)
                for (position, number) in numbers.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    Self.appendDecimal(number, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// The shard `encoded` made; nil when `data` is not such.
    package init?(encoded data: Data) {
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            guard let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")), tab > start, tab + 1 < end else {
                return nil
            }
            let term = String(decoding: bytes[start..<tab], as: UTF8.self)
            if bytes[tab + 1] == UInt8(ascii: "=") {
                guard let parts = Self.parts(encoded: bytes[tab..<end]) else { return nil }
                splitTerms[term] = parts
            } else {
                guard let postings = SearchShard.postings(encoded: bytes[tab..<end]), !postings.isEmpty else {
                    return nil
                }
                terms[term] = postings
            }
            start = end + 1
        }
    }

    /// The part summaries `\t=…\t=…` of `encoded`; nil when they are not such. It reads the
    /// numbers in place: a common word's shard row holds a summary for each slice of each band.
    private static func parts(encoded: ArraySlice<UInt8>) -> [SearchTermParts.Summary]? {
        var parts: [SearchTermParts.Summary] = []
        var numbers = [Int](repeating: 0, count: 6)
        var cursor = encoded.startIndex
        while cursor < encoded.endIndex {
            guard encoded[cursor] == UInt8(ascii: "\t"), cursor + 1 < encoded.endIndex,
                encoded[cursor + 1] == UInt8(ascii: "=")
            else { return nil }
            cursor += 2
            for position in numbers.indices {
                guard let (number, end) = decimal(in: encoded, at: cursor) else { return nil }
                numbers[position] = number
                let last = position == numbers.count - 1
                guard
                    last
                        ? end == encoded.endIndex || encoded[end] == UInt8(ascii: "\t")
                        : end < encoded.endIndex
                            && encoded[end] == UInt8(ascii: ",")
                else { return nil }
                cursor = last ? end : end + 1
            }
            parts.append(
                SearchTermParts.Summary(
                    band: numbers[0], slice: numbers[1], count: numbers[2],
                    bound: .init(maxCount: numbers[3], fields: numbers[4]), size: numbers[5]))
        }
        return parts.isEmpty ? nil : parts
    }

    /// Appends the decimal digits of `number` (not negative) to `bytes`.
    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        var number = number
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
            number /= 10
        } while number > 0
        bytes[start...].reverse()
    }

    /// The decimal number of at most 18 digits at `start` of `bytes`, and where it ends; nil when
    /// there is none there.
    private static func decimal(in bytes: ArraySlice<UInt8>, at start: Int) -> (Int, Int)? {
        var (number, end) = (0, start)
        while end < bytes.endIndex, end - start < 18, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        return end > start ? (number, end) : nil
    }
}
