import Foundation
import WikiDocuments
import WikiRender

/// One document of a wiki's search index as the index holds it: its key, its length in terms,
/// its posting for each of its terms, and its value in its document shard. The state keeps it,
/// so the fast path takes a changed page's old postings out of the shards without reading the
/// page as it was.
struct SearchEntry: Sendable, Equatable {
    /// 12 hexadecimal digits of a digest of the href (`keys(ofHrefs:)`).
    let key: String
    /// The file, relative to the wiki's folder.
    let href: String
    /// How many terms the document has, repeats counted.
    let length: Int
    /// Each term's posting after the key, as its shard writes it: `count,fields,section,class`.
    let postings: [String: String]
    /// Its value in its document shard: `[title, href, [[heading, anchor, excerpt], …]]`,
    /// script-safe JSON.
    let value: String

    init(key: String, href: String, length: Int, postings: [String: String], value: String) {
        self.key = key
        self.href = href
        self.length = length
        self.postings = postings
        self.value = value
    }

    /// The entry of `document` under `key`.
    init(_ document: SearchDocument, key: String) {
        let (found, length) = Self.postings(of: document)
        let suffix = ",\(SearchIndex.lengthClass(length))"
        self.init(
            key: key, href: document.href, length: length,
            postings: found.mapValues { "\($0.count),\($0.fields),\(max(0, $0.section))" + suffix },
            value: Self.value(of: document))
    }

    /// Where a term is in one document.
    private struct Posting {
        var count = 0
        var fields = 0
        var section = -1
    }

    /// Where each term of `document` is, and how many terms it has.
    private static func postings(of document: SearchDocument) -> (postings: [String: Posting], length: Int) {
        var postings: [String: Posting] = [:]
        var length = 0
        func add(_ text: String, field: Int, section: Int) {
            func count(_ posting: inout Posting) {
                let firstInHeading = field == SearchIndex.inHeading && posting.fields & SearchIndex.inHeading == 0
                if (posting.section < 0 && section >= 0) || firstInHeading { posting.section = section }
                posting.count += 1
                posting.fields |= field
            }
            for term in SearchTerms.terms(of: text) {
                length += 1
                count(&postings[term, default: Posting()])
            }
        }
        add(document.title + " " + (document.otherTitle ?? ""), field: SearchIndex.inTitle, section: -1)
        for (number, section) in document.sections.enumerated() {
            add(section.heading, field: SearchIndex.inHeading, section: number)
            add(section.text, field: SearchIndex.inBody, section: number)
        }
        return (postings, length)
    }

    /// What a document shard holds of `document`: its title, href and sections, each excerpt cut
    /// at `SearchIndex.excerptLength` characters.
    private static func value(of document: SearchDocument) -> String {
        let sections = document.sections.map { section in
            "[" + ScriptSafeJSON.string(section.heading) + "," + ScriptSafeJSON.string(section.anchor) + ","
                + ScriptSafeJSON.string(String(section.text.prefix(SearchIndex.excerptLength))) + "]"
        }
        return "[" + ScriptSafeJSON.string(document.title) + "," + ScriptSafeJSON.string(document.href) + ",["
            + sections.joined(separator: ",") + "]]"
    }

    /// The key of the document at `href` when no other takes it first: 12 hexadecimal digits of
    /// a digest of the href (and of `attempt`, after a clash).
    static func firstKey(ofHref href: String, attempt: Int = 0) -> String {
        var digest = Fingerprint()
        digest.add(href)
        if attempt > 0 { digest.add(attempt) }
        let digits = String(UInt64(bitPattern: digest.value), radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - digits.count)) + digits).suffix(12))
    }

    /// The key of each href: its first key, taken again with a counter on the rare clash, the
    /// hrefs in byte order so that the keys do not depend on the order they came in.
    static func keys(ofHrefs hrefs: [String]) -> [String] {
        var taken = Set<String>()
        var keys = [String](repeating: "", count: hrefs.count)
        let order = hrefs.indices.sorted { hrefs[$0].utf8.lexicographicallyPrecedes(hrefs[$1].utf8) }
        for position in order {
            var attempt = 0
            while !taken.insert(firstKey(ofHref: hrefs[position], attempt: attempt)).inserted { attempt += 1 }
            keys[position] = firstKey(ofHref: hrefs[position], attempt: attempt)
        }
        return keys
    }

    /// The postings as the state keeps them: a line a term, `term` TAB `posting`, in byte order
    /// (a term holds letters, marks and digits alone, never a tab or a line break).
    var encodedPostings: Data {
        let lines = postings.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
            $0 + "\t" + postings[$0]! + "\n"
        }
        return Data(lines.joined().utf8)
    }

    /// The postings `encodedPostings` made; nil when `data` is not such.
    static func decodedPostings(_ data: Data) -> [String: String]? {
        var postings: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            postings[String(parts[0])] = String(parts[1])
        }
        return postings
    }
}
