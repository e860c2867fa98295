import Testing
import WikiRender

@testable import WikiSite

@Suite("the search index: words, shards and documents")
struct SearchIndexTests {
    @Test func wordsAreFoldedOfTheirCaseAndAccents() {
        #expect(SearchTerms.terms(of: "Café CRÈME, naïve—Straße 42") == ["cafe", "creme", "naive", "straße", "42"])
        #expect(SearchTerms.terms(of: "cafe") == SearchTerms.terms(of: "CAFÉ"))
    }

    @Test func aLatinWordIsFoldedAsTheWholeWordFoldsWhateverItsLettersAndMarks() {
        let scalars = (0x41..<0x370).compactMap(Unicode.Scalar.init).filter {
            SearchTerms.terms(of: "a" + String($0) + "a").count == 1
        }
        #expect(scalars.count > 500)
        #expect(SearchTerms.terms(of: "ÉΣ ΟΔΟΣ") == ["eσ", "οδοσ"])
        for scalar in scalars {
            let word = "İ" + String(scalar) + "e\u{301}" + String(scalar)
            #expect(SearchTerms.terms(of: word) == [SearchTerms.folded(word)], "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func chineseAndJapaneseTextIsIndexedByPairsOfCharacters() {
        #expect(SearchTerms.terms(of: "搜索引擎") == ["搜索", "索引", "引擎"])
        #expect(SearchTerms.terms(of: "in 东京 and 字") == ["in", "东京", "and", "字"])
        #expect(SearchTerms.terms(of: "カタカナ") == ["カタ", "タカ", "カナ"])
    }

    @Test func aShardKeyIsTheHexadecimalUTF8OfAPrefixOfTheTerm() {
        #expect(SearchTerms.shardKey(of: "cafe", length: 2) == "6361")
        #expect(SearchTerms.shardKey(of: "c", length: 2) == "63")
        #expect(SearchTerms.shardKey(of: "搜索", length: 1) == "e6909c")
        #expect(SearchTerms.shardKey(of: "ée", length: 2) == "c3a965")
        #expect(SearchTerms.shardKey(of: "ée", length: 3) == "c3a965")
    }

    @Test func commentsEmbedsAndMarkupAreNotText() {
        let markdown = "Seen %%hidden secret%% text.\n![[Embedded]] See [[Target|the alias]] and [a link](http://x).\n"
        let text = SearchPlainText.text(
            ofLines: SearchPlainText.withoutComments(markdown).split(separator: "\n").map { $0 })
        #expect(text == "Seen text. See the alias and a link.")
        #expect(SearchPlainText.withoutComments("a %%over\ntwo lines%% b") == "a  b")
    }

    @Test func aPageIsCutIntoSectionsAtItsHeadingsWithTheirIDs() {
        let document = SearchDocument(
            title: "Page", otherTitle: nil, href: "Page.html",
            markdown: "Intro words.\n\n## First *part*\n\nBody one.\n\n```\n# not a heading\n```\n",
            headings: [.init(level: 2, text: "First part", id: "first-part")])
        #expect(
            document.sections == [
                .init(heading: "", anchor: "", text: "Intro words."),
                .init(heading: "First part", anchor: "first-part", text: "Body one. # not a heading"),
            ])
    }

    @Test func aPageWithCarriageReturnsIsCutAtItsHeadingsAsOneWithLineFeeds() {
        let markdown = "Intro words.\n\n## First part\n\nBody one.\n"
        let headings = [Heading(level: 2, text: "First part", id: "first-part")]
        let crlf = SearchDocument(
            title: "Page", otherTitle: nil, href: "Page.html",
            markdown: markdown.replacingOccurrences(of: "\n", with: "\r\n"), headings: headings)
        let lf = SearchDocument(
            title: "Page", otherTitle: nil, href: "Page.html", markdown: markdown, headings: headings)
        #expect(crlf.sections == lf.sections)
        #expect(crlf.sections.count == 2)
    }

    @Test func postingsSayInWhichFieldAndSectionAWordIs() throws {
        let index = SearchIndex([
            SearchDocument(
                title: "Coffee", href: "Coffee.html", otherTitle: nil,
                sections: [
                    .init(heading: "", anchor: "", text: "Beans."),
                    .init(heading: "Beans", anchor: "beans", text: "Roast"),
                ])
        ])
        let shard = try #require(index.files.first { $0.name == "t-62.js" })
        // "beans": in the body of section 0 and the heading of section 1 (fields 2 | 4): the
        // heading's section is the one shown. The page is 4 terms long: length class 8.
        #expect(shard.text.contains(#""beans":[[""#))
        #expect(shard.text.contains(#",2,6,1,8]"#), "\(shard.text)")
        let meta = try #require(index.files.first { $0.name == "meta.js" })
        #expect(meta.text.hasPrefix(#"wikisiteSearch.put("meta",{"n":1,"avg":4,"t":["#))
    }

    @Test func aHostileTitleStaysTextInsideItsScript() throws {
        let hostile = "</script><script>alert(1)</script>\u{2028}\"'"
        let index = SearchIndex([SearchDocument(title: hostile, href: "x.html")])
        let documents = try #require(index.files.first { $0.name.hasPrefix("d-") })
        #expect(!documents.text.contains("</script>"))
        #expect(!documents.text.contains("<"))
        #expect(!documents.text.contains("\u{2028}"))
        #expect(documents.text.contains(#"\u003c/script\u003e"#))
    }

    @Test func eachDocumentHasAFileOfItsOwnSoAResultLoadsOnlyItsPage() throws {
        let documents = (1...30).map { SearchDocument(title: "Page \($0) words", href: "p\($0).html") }
        let files = SearchIndex(documents).files.filter { $0.name.hasPrefix("d-") }
        #expect(files.count == 30)
        let keys = SearchEntry.keys(ofHrefs: documents.map(\.href))
        for (document, key) in zip(documents, keys) {
            let file = try #require(files.first { $0.name == "d-\(key).js" })
            #expect(file.text.hasPrefix(#"wikisiteSearch.put("d-\#(key)",[""#), "\(file.text)")
            #expect(file.text.contains("\"\(document.title)\""))
            #expect(file.text.components(separatedBy: "Page ").count == 2, "one document: \(file.text)")
        }
    }

    @Test func theIndexIsTheSameWhateverTheOrderOfItsDocuments() {
        let documents = (1...30).map { SearchDocument(title: "Page \($0) words", href: "p\($0).html") }
        #expect(SearchIndex(documents).files == SearchIndex(documents.reversed()).files)
    }

    @Test func aChangeOfOnePageRewritesOnlyTheShardsOfItsWords() {
        let pages = (1...40).map { number in
            SearchDocument(
                title: "Page \(number)", href: "p\(number).html", otherTitle: nil,
                sections: [.init(heading: "", anchor: "", text: "common words \(number)")])
        }
        var edited = pages
        edited[7] = SearchDocument(
            title: "Page 8", href: "p8.html", otherTitle: nil,
            sections: [.init(heading: "", anchor: "", text: "common words zebra")])
        let before = Dictionary(uniqueKeysWithValues: SearchIndex(pages).files.map { ($0.name, $0.text) })
        let after = SearchIndex(edited).files
        let changed = after.filter { before[$0.name] != $0.text }.map(\.name)
        // The shard of "zebra" (new), of "8" (gone from it), the page's documents and the
        // statistics: not the shards of the words every page shares.
        #expect(changed.contains("t-7a.js"))
        #expect(changed.contains("meta.js"))
        #expect(!changed.contains("t-63.js"), "the shard of \"common\" is left alone")
        #expect(changed.count <= 4, "\(changed)")
    }

    @Test func aShardKeepsItsPostingsInKeyOrderAndReadsBackAsTheStateKeepsIt() throws {
        var shard = SearchShard()
        shard.set(["bb0000000000": "1,4,0,8", "dd0000000000": "1,4,0,8"], for: "cafe")
        shard.set(["aa0000000000": "2,4,0,8", "dd0000000000": nil], for: "cafe")
        shard.set(["cc0000000000": "1,1,0,9"], for: "café")
        shard.set(["bb0000000000": "3,4,0,8"], for: "cafe")
        #expect(
            shard.value
                == #"{"cafe":[["aa0000000000",2,4,0,8],["bb0000000000",3,4,0,8]],"café":[["cc0000000000",1,1,0,9]]}"#)
        #expect(SearchShard(encoded: shard.encoded) == shard)
        shard.set(["cc0000000000": nil], for: "café")
        #expect(shard.terms["café"] == nil, "a term without postings goes")
    }

    @Test func anEntryKeepsEachTermsPostingAndReadsBackAsTheStateKeepsIt() throws {
        let document = SearchDocument(
            title: "Coffee", href: "Coffee.html", otherTitle: nil,
            sections: [.init(heading: "", anchor: "", text: "Beans and beans.")])
        let entry = SearchEntry(document, key: SearchEntry.firstKey(ofHref: "Coffee.html"))
        #expect(entry.postings["beans"] == "2,4,0,8", "two in the body of section 0, 4 terms: class 8")
        #expect(SearchEntry.decodedPostings(entry.encodedPostings) == entry.postings)
        #expect(SearchIndex(entries: [entry], clashes: 0, cut: SearchShardCut()).files == SearchIndex([document]).files)
    }
}
