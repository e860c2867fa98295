import Foundation
import WikiDocuments
import WikiRender

/// One document of a wiki's search index as the index holds it: its key, its posting for each of
/// its terms, and its value in its document shard. The state keeps it,
/// so the fast path takes a changed page's old postings out of the shards without reading the
/// page as it was.
package struct SearchEntry: Sendable, Equatable {
    /// 12 hexadecimal digits of a digest of the href (`keys(ofHrefs:)`).
    package let key: String
    /// The file, relative to the wiki's folder.
    package let href: String
    /// Each term's posting, as the state keeps them: for each term in the byte order of their
    /// UTF-8, the term's length and its bytes, then its posting (`SearchPosting.appendBinary`),
    /// every number an unsigned LEB128 integer (`StoredOutline`). One allocation a document
    /// rather than one a term, for a wiki holds millions of postings.
    package let encodedPostings: [UInt8]
    /// Its value in its document shard: `[title, href, [[heading, anchor, excerpt], …]]`,
    /// script-safe JSON.
    package let value: String

    /// The entry whose postings are `encodedPostings`; nil when they do not decode.
    package init?(key: String, href: String, encodedPostings: [UInt8], value: String) {
        guard Self.forEachPosting(of: encodedPostings, { _, _ in }) else { return nil }
        self.init(key: key, href: href, validPostings: encodedPostings, value: value)
    }

    private init(key: String, href: String, validPostings: [UInt8], value: String) {
        self.key = key
        self.href = href
        self.encodedPostings = validPostings
        self.value = value
    }

    /// The entry of `document` under `key`.
    package init(_ document: SearchDocument, key: String) {
        let found = Self.postings(of: document)
        var encoded: [UInt8] = []
        // A term's length, then its bytes, then three numbers of a byte or two each.
        encoded.reserveCapacity(found.byteCount + 5 * found.count)
        for number in found.numbersInByteOrder() {
            let posting = found.values[number]
            StoredOutline.append(found.termLength(number), to: &encoded)
            found.appendTerm(number, to: &encoded)
            SearchPosting(count: posting.count, fields: posting.fields, section: max(0, posting.section))
                .appendBinary(to: &encoded)
        }
        self.init(key: key, href: document.href, validPostings: encoded, value: Self.value(of: document))
    }

    /// Each term's posting, by term.
    package var postings: [String: SearchPosting] {
        Self.postings(encodedPostings) ?? [:]
    }

    /// Where a term is in one document.
    private struct Posting {
        var count = 0
        var fields = 0
        var section = -1
    }

    /// Where each term of `document` is.
    private static func postings(of document: SearchDocument) -> TermTally<Posting> {
        // About one distinct term in twenty bytes of a page's text.
        var tally = Tally(
            postings: TermTally(
                expectedTerms: document.sections.reduce(document.title.utf8.count) { $0 + $1.text.utf8.count } / 20))
        tally.add(document.title + " " + (document.otherTitle ?? ""), field: SearchIndex.inTitle, section: -1)
        for (number, section) in document.sections.enumerated() {
            tally.add(section.heading, field: SearchIndex.inHeading, section: number)
            tally.add(section.text, field: SearchIndex.inBody, section: number)
        }
        return tally.postings
    }

    /// The postings of one document's terms as they are counted: a struct whose `add` changes
    /// itself, so the closure that takes each term changes no captured variable and needs no
    /// exclusivity check at run time.
    private struct Tally {
        var postings: TermTally<Posting>

        /// Counts the terms of `text`, found in `field` of section `section` (-1: the title).
        mutating func add(_ text: String, field: Int, section: Int) {
            SearchTerms.forEachTermUTF8(of: text) { term in
                postings.update(term, initial: Posting()) { posting in
                    let firstInHeading = field == SearchIndex.inHeading && posting.fields & SearchIndex.inHeading == 0
                    if (posting.section < 0 && section >= 0) || firstInHeading { posting.section = section }
                    posting.count += 1
                    posting.fields |= field
                }
            }
        }
    }

    /// What a document shard holds of `document`: its title, href and sections, each excerpt cut
    /// at `SearchIndex.excerptLength` characters, written into one buffer.
    private static func value(of document: SearchDocument) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.sections.reduce(64 + document.title.utf8.count) { $0 + 64 + $1.text.utf8.count })
        bytes.append(UInt8(ascii: "["))
        ScriptSafeJSON.append(document.title, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        ScriptSafeJSON.append(document.href, to: &bytes)
        bytes.append(contentsOf: ",[".utf8)
        for (number, section) in document.sections.enumerated() {
            bytes.append(contentsOf: (number == 0 ? "[" : ",[").utf8)
            ScriptSafeJSON.append(section.heading, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            ScriptSafeJSON.append(section.anchor, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            ScriptSafeJSON.append(excerpt(of: section.text), to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: "]]".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `SearchIndex.excerptLength` characters of `text`. A scalar below U+0300 but a
    /// carriage return is a character of its own, whatever its neighbours (none is a mark, a
    /// joiner or half of a line ending): a text whose first scalars are such is cut by scalars,
    /// from its bytes; any other by characters.
    static func excerpt(of text: String) -> String {
        let length = SearchIndex.excerptLength
        if text.utf8.count <= length { return text }
        var text = text
        let cut: String? = text.withUTF8 { bytes in
            var (index, scalars) = (0, 0)
            while index < bytes.count {
                let byte = bytes[index]
                // 0xCC and above lead the scalars from U+0300 on.
                guard byte != UInt8(ascii: "\r"), byte < 0xCC else { return nil }
                if scalars == length { break }
                scalars += 1
                index += byte < 0x80 ? 1 : 2
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
        }
        return cut ?? String(text.prefix(length))
    }

    /// The key of the document at `href` when no other takes it first: 12 hexadecimal digits of
    /// a digest of the href (and of `attempt`, after a clash).
    package static func firstKey(ofHref href: String, attempt: Int = 0) -> String {
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

    /// Calls `body` with each term's UTF-8 and its posting, in the order of the terms' bytes. The
    /// bytes are valid only during the call: the index groups the postings by term without a
    /// string a posting.
    func forEachPosting(_ body: (UnsafeBufferPointer<UInt8>, SearchPosting) -> Void) {
        _ = Self.forEachPosting(of: encodedPostings, body)
    }

    /// The postings `encoded` holds, by term; nil when `encoded` is not such.
    private static func postings(_ encoded: [UInt8]) -> [String: SearchPosting]? {
        var postings: [String: SearchPosting] = [:]
        let read = forEachPosting(of: encoded) { term, posting in
            postings[String(decoding: term, as: UTF8.self)] = posting
        }
        return read ? postings : nil
    }

    /// Calls `body` with each term's UTF-8 and posting `encoded` holds (`encodedPostings`);
    /// false when the bytes are not such (an empty term, a posting cut short).
    private static func forEachPosting(
        of encoded: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, SearchPosting) -> Void
    ) -> Bool {
        encoded.withUnsafeBytes { raw in
            var reader = StoredOutline.Reader(bytes: raw)
            while !reader.isAtEnd {
                guard let length = reader.count(), length > 0 else { return false }
                let term = UnsafeRawBufferPointer(rebasing: raw[reader.offset..<reader.offset + length])
                reader.offset += length
                guard let posting = SearchPosting(reading: &reader) else { return false }
                body(term.assumingMemoryBound(to: UInt8.self), posting)
            }
            return true
        }
    }
}
