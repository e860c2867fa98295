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
package enum SearchIndex {
    /// The longest excerpt a section keeps, in characters.
    static let excerptLength = 280
    /// The field bits of a posting.
    static let inTitle = 1
    static let inHeading = 2
    static let inBody = 4

    /// One file of the index: its name in `_search/` and its text.
    package struct File: Sendable, Equatable {
        package let name: String
        package let text: String
    }

    /// What `meta.js` counts, the documents, and the documents whose key is not their first
    /// (`SearchEntry.keys(ofHrefs:)`), which the fast path leaves to the wiki-wide path.
    package struct Totals: Sendable, Equatable {
        package var documents: Int
        package var clashes: Int

        /// The totals of `documents` documents, `clashes` of them under a key that is not their
        /// first.
        package init(documents: Int, clashes: Int) {
            self.documents = documents
            self.clashes = clashes
        }
    }

    /// The name of the file of the term shard `key`.
    package static func termFileName(_ key: String) -> String {
        fileName(ofValue: "t-" + key)
    }

    /// The name of the file of the document `key`.
    package static func documentFileName(_ key: String) -> String {
        fileName(ofValue: "d-" + key)
    }

    /// The name of the file of the part of `term` in `band` and `slice`.
    package static func partFileName(of term: String, band: Int, slice: Int) -> String {
        fileName(ofValue: SearchTermParts.fileName(of: term, band: band, slice: slice))
    }

    /// The file of the term shard `key`, whose split terms `parts` cut.
    package static func termFile(_ key: String, _ shard: StoredSearchShard, parts: SearchTermParts) -> File {
        file("t-" + key, value: shard.value(parts))
    }

    /// The files of the parts `parts` of `term`.
    package static func partFiles(of term: String, _ parts: [SearchTermParts.Part]) -> [File] {
        parts.map { part in
            file(
                SearchTermParts.fileName(of: term, band: part.band, slice: part.slice),
                value: SearchTermParts.value(of: part))
        }
    }

    /// The file of the document `key`, holding its entry's `value`: one file a document, so that
    /// showing a result loads that document alone, at any size of the wiki.
    package static func documentFile(_ key: String, value: String) -> File {
        file("d-" + key, value: value)
    }

    /// `meta.js`: the number of documents and the term shards' keys (`shardKeys`, sorted).
    package static func metaFile(_ totals: Totals, shardKeys: [String]) -> File {
        let list = shardKeys.map { "\"\($0)\"" }.joined(separator: ",")
        return file("meta", value: "{\"n\":\(totals.documents),\"t\":[\(list)]}")
    }

    /// The file `name`.js, handing `value` (script-safe JSON) to the search script under `name`.
    private static func file(_ name: String, value: String) -> File {
        File(name: fileName(ofValue: name), text: "wikisiteSearch.put(\"\(name)\"," + value + ");\n")
    }

    /// The name of the file that hands the script the value named `name`.
    private static func fileName(ofValue name: String) -> String {
        name + ".js"
    }
}
