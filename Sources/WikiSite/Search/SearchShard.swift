import Foundation
import WikiDocuments

/// The terms of one term shard (`t-<key>.js`) with their postings, each in the order of the
/// documents' keys: what the state keeps of the shard, so that the fast path takes postings out
/// and puts them in without the other documents.
struct SearchShard: Sendable, Equatable {
    /// One document's posting of a term: its key and the rest (`count,fields,section,class`).
    struct Posting: Sendable, Equatable {
        let key: String
        let rest: String
    }

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
        postings.reduce(term.utf8.count + 6) { $0 + $1.key.utf8.count + $1.rest.utf8.count + 6 }
    }

    /// Sets the postings of `term` of the documents `changes` names, by key (a nil takes the
    /// document's out), in one pass over the term's postings, however many documents change; a
    /// term left without one goes.
    mutating func set(_ changes: [String: String?], for term: String) {
        var postings = (terms.removeValue(forKey: term) ?? []).filter { changes[$0.key] == nil }
        for (key, rest) in changes {
            if let rest { postings.append(Posting(key: key, rest: rest)) }
        }
        postings.sort { $0.key < $1.key }
        if !postings.isEmpty { terms[term] = postings }
    }

    /// The shard's value: an object from each term, in byte order, to its postings
    /// `[key, count, fields, section, length class]`, written into one string.
    var value: String {
        var text = "{"
        text.reserveCapacity(size)
        for (number, term) in terms.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            text += number == 0 ? "" : ","
            text += ScriptSafeJSON.string(term)
            text += ":["
            for (position, posting) in terms[term]!.enumerated() {
                text += position == 0 ? "[\"" : ",[\""
                text += posting.key
                text += "\","
                text += posting.rest
                text += "]"
            }
            text += "]"
        }
        text += "}"
        return text
    }

    /// The shard as the state keeps it: a line a term, `term` then TAB `key:rest` a posting.
    var encoded: Data {
        var text = ""
        text.reserveCapacity(size)
        for (term, postings) in terms {
            text += term
            for posting in postings {
                text += "\t"
                text += posting.key
                text += ":"
                text += posting.rest
            }
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// The shard `encoded` made; nil when `data` is not such.
    init?(encoded data: Data) {
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count > 1 else { return nil }
            var postings: [Posting] = []
            for part in parts.dropFirst() {
                guard let colon = part.firstIndex(of: ":") else { return nil }
                postings.append(Posting(key: String(part[..<colon]), rest: String(part[part.index(after: colon)...])))
            }
            terms[String(parts[0])] = postings
        }
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
