import Foundation
import WikiDocuments

/// A wiki's search index as the files of its `_search/` folder: JavaScript files that each hand
/// one value to `wikisiteSearch.put`, so a `<script>` element loads them from `file://` as well
/// as over HTTP.
///
/// | file | what it holds |
/// | --- | --- |
/// | `meta.js` | the number of documents, their mean length in terms, the keys of the term shards |
/// | `t-<key>.js` | the terms whose first letters are `key` (`SearchTerms.shardKey`), each with its postings `[document, count, fields, section, length class]` |
/// | `d-<xx>.js` | the documents whose key starts with `xx`: title, href, sections (heading, anchor, excerpt) |
///
/// A document's key is a digest of its href, and its length is kept as a class (4 per doubling,
/// `lengthClass`), so a page created, deleted or edited changes only the shards of the words
/// it adds, removes or counts again, its own document shard, and `meta.js`. Every value is written
/// by `ScriptSafeJSON`: no text of a page can end the script or start markup.
struct SearchIndex: Sendable {
    /// The longest excerpt a section keeps, in characters.
    static let excerptLength = 280
    /// The field bits of a posting.
    static let inTitle = 1
    static let inHeading = 2
    static let inBody = 4

    /// One file of the index: its name in `_search/` and its text.
    struct File: Sendable, Equatable {
        let name: String
        let text: String
    }

    /// Where a term is in one document.
    private struct Posting: Sendable {
        var count = 0
        var fields = 0
        var section = -1
    }

    let files: [File]

    /// The index of `documents`: each one's postings worked out on every core, then gathered by
    /// term in the order of the documents' keys.
    init(_ documents: [SearchDocument]) {
        let keys = Self.keys(of: documents)
        let indexed = Concurrently.map(documents.count) { Self.postings(of: documents[$0]) }
        var terms: [String: [String]] = [:]
        let order = documents.indices.sorted { keys[$0] < keys[$1] }
        for position in order {
            let (postings, length) = indexed[position]
            let suffix = ",\(Self.lengthClass(length))]"
            for (term, posting) in postings {
                terms[term, default: []].append(
                    "[\"\(keys[position])\",\(posting.count),\(posting.fields),\(max(0, posting.section))" + suffix)
            }
        }
        var shards: [String: [String]] = [:]
        for term in terms.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            shards[SearchTerms.shardKey(of: term), default: []].append(
                ScriptSafeJSON.string(term) + ":[" + terms[term]!.joined(separator: ",") + "]")
        }
        var files = shards.keys.sorted().map { shard in
            Self.file("t-" + shard, value: "{" + shards[shard]!.joined(separator: ",") + "}")
        }
        files += Self.documentShards(documents, keys: keys)
        let total = indexed.map(\.length).reduce(0, +)
        let mean = documents.isEmpty ? 0 : (total + documents.count / 2) / documents.count
        let shardList = shards.keys.sorted().map { "\"\($0)\"" }.joined(separator: ",")
        files.append(Self.file("meta", value: "{\"n\":\(documents.count),\"avg\":\(mean),\"t\":[\(shardList)]}"))
        self.files = files
    }

    /// Where each term of `document` is, and how many terms it has.
    private static func postings(of document: SearchDocument) -> (postings: [String: Posting], length: Int) {
        var postings: [String: Posting] = [:]
        var length = 0
        func add(_ text: String, field: Int, section: Int) {
            for term in SearchTerms.terms(of: text) {
                length += 1
                var posting = postings[term] ?? Posting()
                let firstInHeading = field == Self.inHeading && posting.fields & Self.inHeading == 0
                if (posting.section < 0 && section >= 0) || firstInHeading { posting.section = section }
                posting.count += 1
                posting.fields |= field
                postings[term] = posting
            }
        }
        add(document.title + " " + (document.otherTitle ?? ""), field: Self.inTitle, section: -1)
        for (number, section) in document.sections.enumerated() {
            add(section.heading, field: Self.inHeading, section: number)
            add(section.text, field: Self.inBody, section: number)
        }
        return (postings, length)
    }

    /// A document's length in terms as the postings keep it: `4 × log2(length)`, rounded, which the
    /// search script turns back into a length within 10 %. An edit that adds or removes a few
    /// words keeps the class, and so leaves the postings of the page's other words as they were.
    static func lengthClass(_ length: Int) -> Int {
        length < 1 ? 0 : Int((4 * log2(Double(length))).rounded())
    }

    /// The files of the documents, by the first two digits of their keys.
    private static func documentShards(_ documents: [SearchDocument], keys: [String]) -> [File] {
        var shards: [String: [(String, String)]] = [:]
        for (document, key) in zip(documents, keys) {
            let sections = document.sections.map { section in
                "[" + ScriptSafeJSON.string(section.heading) + "," + ScriptSafeJSON.string(section.anchor) + ","
                    + ScriptSafeJSON.string(String(section.text.prefix(excerptLength))) + "]"
            }
            let value =
                "[" + ScriptSafeJSON.string(document.title) + "," + ScriptSafeJSON.string(document.href) + ",["
                + sections.joined(separator: ",") + "]]"
            shards[String(key.prefix(2)), default: []].append((key, value))
        }
        return shards.keys.sorted().map { shard in
            let entries = shards[shard]!.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\($0.1)" }
            return file("d-" + shard, value: "{" + entries.joined(separator: ",") + "}")
        }
    }

    /// The file `name`.js, handing `value` (script-safe JSON) to the search script.
    private static func file(_ name: String, value: String) -> File {
        File(name: name + ".js", text: "wikisiteSearch.put(\"\(name)\"," + value + ");\n")
    }

    /// Each document's key: 12 hexadecimal digits of a digest of its href, taken again with a
    /// counter on the rare clash, the documents in href order so the keys do not depend on the
    /// order they came in.
    private static func keys(of documents: [SearchDocument]) -> [String] {
        var taken = Set<String>()
        var keys = [String](repeating: "", count: documents.count)
        let order = documents.indices.sorted {
            documents[$0].href.utf8.lexicographicallyPrecedes(documents[$1].href.utf8)
        }
        for position in order {
            var attempt = 0
            while true {
                var digest = Fingerprint()
                digest.add(documents[position].href)
                if attempt > 0 { digest.add(attempt) }
                let key = String(String(UInt64(bitPattern: digest.value), radix: 16).leftPadded(to: 16).suffix(12))
                attempt += 1
                if taken.insert(key).inserted {
                    keys[position] = key
                    break
                }
            }
        }
        return keys
    }
}

extension String {
    /// This text with zeros before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
