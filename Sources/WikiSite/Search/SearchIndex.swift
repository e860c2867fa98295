import Foundation
import WikiDocuments
import WikiRender

/// A wiki's search index as the files of its `_search/` folder: JavaScript files that each hand
/// one value to `wikisiteSearch.put`, so a `<script>` element loads them from `file://` as well
/// as over HTTP.
///
/// | file | what it holds |
/// | --- | --- |
/// | `meta.js` | the number of documents, the keys of the term shards |
/// | `t-<key>.js` | the terms of the shard `key`, a prefix (`SearchShardCut`), each with its postings `[document, count, fields, section]`, or the summary of its parts |
/// | `p-<term>-<band>-<slice>.js` | one part of a common term's postings (`SearchTermParts`) |
/// | `d-<xx>.js` | the documents whose key starts with `xx`: title, href, sections (heading, anchor, excerpt) |
///
/// A document's key is a digest of its href, and a posting holds nothing of the document but the
/// term's count, fields and section (scores do not weigh a document's length), so a page edited
/// changes only the shards of the words it adds, removes or counts again and its own document
/// file; a page created or deleted changes `meta.js` too. Every value is written
/// by `ScriptSafeJSON`: no text of a page can end the script or start markup. The whole index
/// and the fast path's changes to it write their files with the same functions, so both make
/// the same bytes.
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

    /// What `meta.js` counts, the documents, and the documents whose key is not their first
    /// (`SearchEntry.keys(ofHrefs:)`), which the fast path leaves to the wiki-wide path.
    struct Totals: Sendable, Equatable {
        var documents: Int
        var clashes: Int
    }

    /// Each document's entry, in the order of their keys.
    let entries: [SearchEntry]
    /// The term shards, by key.
    let shards: [String: SearchShard]
    /// The keys of the term shards, sorted: the order their files are in.
    let shardKeys: [String]
    /// Each term shard as its file shows it and the state keeps it (its common terms' parts
    /// summed up), by key: made once, on every core, for the files and the state's rows.
    let storedShards: [String: StoredSearchShard]
    /// The terms written in parts, in byte order, each with its shard's key and its parts.
    let splitTerms: [(term: String, shard: String, parts: [SearchTermParts.Summary])]
    let totals: Totals
    /// How the terms are split into parts.
    let parts: SearchTermParts

    /// The index of `documents`, their entries worked out on every core, its terms cut into
    /// shards by `cut`.
    init(_ documents: [SearchDocument], cut: SearchShardCut = SearchShardCut()) {
        self.init(hrefs: documents.map(\.href), cut: cut) { documents[$0] }
    }

    /// The index of the documents at `hrefs`, each made by `document` from its position and
    /// turned into its entry on every core: the documents' texts are never all held at once.
    init(hrefs: [String], cut: SearchShardCut, document: @Sendable (Int) -> SearchDocument) {
        let keys = SearchEntry.keys(ofHrefs: hrefs)
        let entries = Concurrently.map(hrefs.count) { SearchEntry(document($0), key: keys[$0]) }
        let clashes = zip(hrefs, keys).filter { SearchEntry.firstKey(ofHref: $0) != $1 }.count
        self.init(entries: entries, clashes: clashes, cut: cut)
    }

    /// The index of `entries`: their postings gathered by term in the order of their keys, the
    /// terms cut into shards by `cut`.
    init(entries: [SearchEntry], clashes: Int, cut: SearchShardCut) {
        let entries = entries.sorted { $0.key < $1.key }
        self.entries = entries
        let shards = cut.shards(of: Self.postingsByTerm(entries))
        let parts = cut.parts
        self.shards = shards
        let shardKeys = shards.keys.sorted()
        self.shardKeys = shardKeys
        self.parts = parts
        let stored = Concurrently.map(shardKeys.count) { StoredSearchShard(shards[shardKeys[$0]]!, parts: parts) }
        storedShards = Dictionary(uniqueKeysWithValues: zip(shardKeys, stored))
        splitTerms = zip(shardKeys, stored).flatMap { key, shard in
            shard.splitTerms.map { term, summaries in (term, key, summaries) }
        }.sorted { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
        totals = Totals(documents: entries.count, clashes: clashes)
    }

    /// The postings of `entries` (in key order) gathered by term, each term's list made at its
    /// size: a first pass numbers the terms by their bytes (`TermTally`) and counts their
    /// postings, a second fills the lists. A term becomes a string once, not once a posting.
    private static func postingsByTerm(_ entries: [SearchEntry]) -> [String: [SearchShard.Posting]] {
        var terms = TermTally<Int>(expectedTerms: entries.count * 8)
        var termOfPosting: [Int32] = []
        termOfPosting.reserveCapacity(entries.reduce(0) { $0 + $1.encodedPostings.count } / 8)
        for entry in entries {
            entry.forEachPosting { term, _ in
                termOfPosting.append(Int32(terms.update(term, initial: 0) { $0 += 1 }))
            }
        }
        var lists = terms.values.map { count in
            var list: [SearchShard.Posting] = []
            list.reserveCapacity(count)
            return list
        }
        var position = 0
        for entry in entries {
            let key = SearchShard.Posting.number(ofKey: entry.key)
            entry.forEachPosting { _, posting in
                lists[Int(termOfPosting[position])].append(SearchShard.Posting(key: key, posting: posting))
                position += 1
            }
        }
        var byTerm: [String: [SearchShard.Posting]] = [:]
        byTerm.reserveCapacity(lists.count)
        for (number, list) in lists.enumerated() { byTerm[terms.term(number)] = list }
        return byTerm
    }

    /// How many files the index has besides the parts: one a term shard, one a document, and
    /// `meta.js`.
    var fileCount: Int { shardKeys.count + entries.count + 1 }

    /// The name of the file at `position` of the index's files: the term shards in the order of
    /// their keys, the documents in the order of theirs, then `meta.js`.
    func fileName(at position: Int) -> String {
        if position < shardKeys.count { return "t-" + shardKeys[position] + ".js" }
        let document = position - shardKeys.count
        return document < entries.count ? "d-" + entries[document].key + ".js" : "meta.js"
    }

    /// The file at `position`, in the order of `fileName(at:)`. Made when asked for, so that a
    /// writer holds no more of the index's text than the files it is writing.
    func file(at position: Int) -> File {
        if position < shardKeys.count {
            let key = shardKeys[position]
            return Self.termFile(key, storedShards[key]!, parts: parts)
        }
        let document = position - shardKeys.count
        if document < entries.count { return Self.documentFile(entries[document].key, value: entries[document].value) }
        return Self.metaFile(totals, shardKeys: shardKeys)
    }

    /// The names of the part files of the split term at `position` of `splitTerms`.
    func partFileNames(at position: Int) -> [String] {
        let split = splitTerms[position]
        return split.parts.map { SearchTermParts.fileName(of: split.term, band: $0.band, slice: $0.slice) + ".js" }
    }

    /// The part files of the split term at `position` of `splitTerms`, made when asked for.
    func partFiles(at position: Int) -> [File] {
        let split = splitTerms[position]
        return Self.partFiles(of: split.term, parts.parts(of: shards[split.shard]!.terms[split.term]!))
    }

    /// Every file of the index, in the order of `file(at:)`, then the parts of the split terms.
    var files: [File] {
        (0..<fileCount).map(file(at:)) + splitTerms.indices.flatMap(partFiles(at:))
    }

    /// The file of the term shard `key`, whose split terms `parts` cut.
    static func termFile(_ key: String, _ shard: StoredSearchShard, parts: SearchTermParts) -> File {
        file("t-" + key, value: shard.value(parts))
    }

    /// The files of the parts `parts` of `term`.
    static func partFiles(of term: String, _ parts: [SearchTermParts.Part]) -> [File] {
        parts.map { part in
            file(
                SearchTermParts.fileName(of: term, band: part.band, slice: part.slice),
                value: SearchTermParts.value(of: part))
        }
    }

    /// The file of the document `key`, holding its entry's `value`: one file a document, so that
    /// showing a result loads that document alone, at any size of the wiki.
    static func documentFile(_ key: String, value: String) -> File {
        file("d-" + key, value: value)
    }

    /// `meta.js`: the number of documents and the term shards' keys (`shardKeys`, sorted).
    static func metaFile(_ totals: Totals, shardKeys: [String]) -> File {
        let list = shardKeys.map { "\"\($0)\"" }.joined(separator: ",")
        return file("meta", value: "{\"n\":\(totals.documents),\"t\":[\(list)]}")
    }

    /// The file `name`.js, handing `value` (script-safe JSON) to the search script.
    private static func file(_ name: String, value: String) -> File {
        File(name: name + ".js", text: "wikisiteSearch.put(\"\(name)\"," + value + ");\n")
    }
}
