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
    /// Each term's posting, as the state keeps them (`encodedPostings`): one allocation a
    /// document rather than one a term, for a wiki holds millions of postings.
    let encodedPostings: [UInt8]
    /// Its value in its document shard: `[title, href, [[heading, anchor, excerpt], …]]`,
    /// script-safe JSON.
    let value: String

    /// The entry whose postings are `encodedPostings`; nil when they do not decode.
    init?(key: String, href: String, length: Int, encodedPostings: [UInt8], value: String) {
        guard Self.postings(encodedPostings) != nil else { return nil }
        self.init(key: key, href: href, length: length, validPostings: encodedPostings, value: value)
    }

    private init(key: String, href: String, length: Int, validPostings: [UInt8], value: String) {
        self.key = key
        self.href = href
        self.length = length
        self.encodedPostings = validPostings
        self.value = value
    }

    /// The entry of `document` under `key`.
    init(_ document: SearchDocument, key: String) {
        let (found, length) = Self.postings(of: document)
        let lengthClass = SearchIndex.lengthClass(length)
        let postings = found.values.map { found in
            SearchPosting(
                count: found.count, fields: found.fields, section: max(0, found.section), lengthClass: lengthClass)
        }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(
            found.values.indices.reduce(0) { $0 + found.termLength($1) + postings[$1].textLength + 2 })
        for number in found.numbersInByteOrder() {
            found.appendTerm(number, to: &encoded)
            encoded.append(UInt8(ascii: "\t"))
            postings[number].append(to: &encoded)
            encoded.append(UInt8(ascii: "\n"))
        }
        self.init(
            key: key, href: document.href, length: length, validPostings: encoded, value: Self.value(of: document))
    }

    /// Each term's posting, by term.
    var postings: [String: SearchPosting] {
        Self.postings(encodedPostings) ?? [:]
    }

    /// Where a term is in one document.
    private struct Posting {
        var count = 0
        var fields = 0
        var section = -1
    }

    /// Where each term of `document` is, and how many terms it has.
    private static func postings(of document: SearchDocument) -> (postings: TermTally<Posting>, length: Int) {
        // About one distinct term in twenty bytes of a page's text.
        var postings = TermTally<Posting>(
            expectedTerms: document.sections.reduce(document.title.utf8.count) { $0 + $1.text.utf8.count } / 20)
        var length = 0
        func add(_ text: String, field: Int, section: Int) {
            SearchTerms.forEachTermUTF8(of: text) { term in
                length += 1
                postings.update(term, initial: Posting()) { posting in
                    let firstInHeading = field == SearchIndex.inHeading && posting.fields & SearchIndex.inHeading == 0
                    if (posting.section < 0 && section >= 0) || firstInHeading { posting.section = section }
                    posting.count += 1
                    posting.fields |= field
                }
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
                + ScriptSafeJSON.string(excerpt(of: section.text)) + "]"
        }
        return "[" + ScriptSafeJSON.string(document.title) + "," + ScriptSafeJSON.string(document.href) + ",["
            + sections.joined(separator: ",") + "]]"
    }

    /// The first `SearchIndex.excerptLength` characters of `text`. A text of no more bytes is
    /// whole; one whose first bytes are ASCII, none a carriage return, is cut by bytes, for each
    /// of them is a character and the byte after them starts another.
    static func excerpt(of text: String) -> String {
        let length = SearchIndex.excerptLength
        let utf8 = text.utf8
        if utf8.count <= length { return text }
        if utf8.prefix(length + 1).allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            return String(decoding: utf8.prefix(length), as: UTF8.self)
        }
        return String(text.prefix(length))
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

    /// Calls `body` with each term and its posting, in the order of the terms' bytes.
    func forEachPosting(_ body: (String, SearchPosting) -> Void) {
        _ = Self.forEachLine(of: encodedPostings) { term, posting in
            body(String(decoding: term, as: UTF8.self), posting)
        }
    }

    /// The postings `encoded` holds, by term: a line a term, `term` TAB `count,fields,section,class`
    /// (a term holds letters, marks and digits alone, never a tab or a line break); nil when
    /// `encoded` is not such.
    private static func postings(_ encoded: [UInt8]) -> [String: SearchPosting]? {
        var postings: [String: SearchPosting] = [:]
        let read = forEachLine(of: encoded) { term, posting in
            postings[String(decoding: term, as: UTF8.self)] = posting
        }
        return read ? postings : nil
    }

    /// Calls `body` with each line's term and posting; false when a line is not one.
    private static func forEachLine(
        of encoded: [UInt8], _ body: (ArraySlice<UInt8>, SearchPosting) -> Void
    ) -> Bool {
        var start = encoded.startIndex
        while start < encoded.endIndex {
            guard let end = encoded[start...].firstIndex(of: UInt8(ascii: "\n")),
                let tab = encoded[start..<end].firstIndex(of: UInt8(ascii: "\t")), tab > start,
                let posting = SearchPosting(text: encoded[(tab + 1)..<end])
            else { return false }
            body(encoded[start..<tab], posting)
            start = end + 1
        }
        return true
    }
}
