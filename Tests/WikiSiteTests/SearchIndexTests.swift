import Foundation
import SplitMix64
import Testing
import WikiRender

@testable import WikiPages
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
        for word in ["ABΣ", "ΣAB", "AΣB", "Straße", "IİI\u{307}"] {
            #expect(SearchTerms.terms(of: word) == [SearchTerms.folded(word)], "\(word)")
        }
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
        #expect(texts(of: markdown) == ["Seen text. See the alias and a link."])
        #expect(texts(of: "a %%over\n# Not a heading\ntwo lines%% b") == ["a b"])
        #expect(texts(of: "a %%%b%% c") == ["a c"], "the first two of three marks open")
        #expect(texts(of: "kept %%unclosed\n# Not a heading") == ["kept"], "an unclosed comment runs to the end")
        #expect(texts(of: "café 100% sure") == ["café 100% sure"])
    }

    @Test func quoteAndListMarksRulesAndDelimiterRowsAreNotText() {
        let lines = ["> - * quoted item", "---", "|---|:-:|", "\t + plain", "===", "- [x] done", "", "  "]
        #expect(texts(of: lines.joined(separator: "\n")) == ["quoted item plain x done"])
    }

    /// The heading and text of each section of `markdown`, a page without rendered headings,
    /// those that are empty left out.
    private func texts(of markdown: String) -> [String] {
        SearchSections.sections(of: markdown, headings: []).flatMap { [$0.heading, $0.text] }.filter { !$0.isEmpty }
    }

    @Test func asciiTextHasTheTermsItHasBesideTextThatIsNot() {
        var random = SplitMix64(seed: 0x7E_5EA7)
        let pieces = ["Word", "word", "WORD", "a1", "42", " ", ", ", "-", "\n", "_", String(repeating: "x", count: 41)]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(SearchTerms.terms(of: text) == SearchTerms.terms(of: text + " é").dropLast(), "\(text)")
        }
    }

    @Test func anExcerptIsTheTextsFirstCharactersWhateverTheyAre() {
        var random = SplitMix64(seed: 0xE8C3)
        let pieces = ["a", "b ", "\r\n", "\r", "e\u{301}", "\u{301}", "語", "👍🏽", ".", "é", "ß", "©", "ʼ", "\u{85}"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 270...300, using: &random)).map { _ in
                Bool.random(using: &random) ? "a" : pieces.randomElement(using: &random)!
            }.joined()
            #expect(SearchEntry.excerpt(of: text) == String(text.prefix(SearchIndex.excerptLength)))
        }
        // Characters of one scalar each, then one that may join its neighbour near the cut.
        let single = ["a", " ", ".", "é", "ß", "©", "ʼ", "\u{85}"]
        for _ in 0..<300 {
            let length = SearchIndex.excerptLength + Int.random(in: -1...1, using: &random)
            let text =
                (0..<length).map { _ in single.randomElement(using: &random)! }.joined()
                + pieces.randomElement(using: &random)! + "z"
            #expect(SearchEntry.excerpt(of: text) == String(text.prefix(SearchIndex.excerptLength)))
        }
        let marked = String(repeating: "a", count: SearchIndex.excerptLength) + "\u{301}b"
        #expect(
            SearchEntry.excerpt(of: marked) == String(repeating: "a", count: SearchIndex.excerptLength - 1) + "a\u{301}"
        )
    }

    @Test func linesEndAtEveryLineEndingCommonMarkKnows() {
        #expect(texts(of: "a\n# B\r\nc\r# D\rd") == ["a", "B", "c", "D", "d"])
        #expect(texts(of: "é\r\n\r\n") == ["é"])
        #expect(texts(of: "") == [])
        #expect(texts(of: "# A\r\u{301}x") == ["A", "\u{301}x"], "a mark after a line ending starts the next line")
    }

    @Test func aMarkThatJoinsAFencesOrAHeadingsMarksMakesThemNone() {
        #expect(texts(of: "```\u{301}\n# Heading\n```") == ["\u{301}", "Heading"], "no fence: the heading is one")
        #expect(texts(of: "```\n# code\n```\u{301}\n# more code") == ["# code \u{301} # more code"])
        #expect(texts(of: "#\u{301} x") == ["#\u{301} x"])
        #expect(texts(of: "## \u{301}x") == ["## \u{301}x"])
        #expect(texts(of: "## x ##\u{301}") == ["x ##\u{301}"])
        #expect(texts(of: "##  é #") == ["é"])
    }

    @Test func aPageIsCutIntoSectionsAtItsHeadingsWithTheirIDs() {
        let sections = SearchSections.sections(
            of: "Intro words.\n\n## First *part*\n\nBody one.\n\n```\n# not a heading\n```\n",
            headings: [.init(level: 2, text: "First part", id: "first-part")])
        #expect(
            sections == [
                .init(heading: "", anchor: "", text: "Intro words."),
                .init(heading: "First part", anchor: "first-part", text: "Body one. # not a heading"),
            ])
    }

    @Test func aPageWithCarriageReturnsIsCutAtItsHeadingsAsOneWithLineFeeds() {
        let markdown = "Intro words.\n\n## First part\n\nBody one.\n"
        let headings = [Heading(level: 2, text: "First part", id: "first-part")]
        let crlf = SearchSections.sections(
            of: markdown.replacingOccurrences(of: "\n", with: "\r\n"), headings: headings)
        let lf = SearchSections.sections(of: markdown, headings: headings)
        #expect(crlf == lf)
        #expect(crlf.count == 2)
    }

    @Test func postingsSayInWhichFieldAndSectionAWordIs() throws {
        let index = CollectedSearchIndex([
            SearchDocument(
                title: "Coffee", href: "Coffee.html", otherTitle: nil,
                sections: [
                    .init(heading: "", anchor: "", text: "Beans."),
                    .init(heading: "Beans", anchor: "beans", text: "Roast"),
                ])
        ])
        let shard = try #require(index.files.first { $0.name == "t-62.js" })
        // "beans": in the body of section 0 and the heading of section 1 (fields 2 | 4): the
        // heading's section is the one shown.
        #expect(shard.text.contains(#""beans":[[""#))
        #expect(shard.text.contains(#",2,6,1]"#), "\(shard.text)")
        let meta = try #require(index.files.first { $0.name == "meta.js" })
        #expect(meta.text.hasPrefix(#"wikisiteSearch.put("meta",{"n":1,"t":["#))
    }

    @Test func aHostileTitleStaysTextInsideItsScript() throws {
        let hostile = "</script><script>alert(1)</script>\u{2028}\"'"
        let index = CollectedSearchIndex([SearchDocument(title: hostile, href: "x.html")])
        let documents = try #require(index.files.first { $0.name.hasPrefix("d-") })
        #expect(!documents.text.contains("</script>"))
        #expect(!documents.text.contains("<"))
        #expect(!documents.text.contains("\u{2028}"))
        #expect(documents.text.contains(#"\u003c/script\u003e"#))
    }

    @Test func eachDocumentHasAFileOfItsOwnSoAResultLoadsOnlyItsPage() throws {
        let documents = (1...30).map { SearchDocument(title: "Page \($0) words", href: "p\($0).html") }
        let files = CollectedSearchIndex(documents).files.filter { $0.name.hasPrefix("d-") }
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
        #expect(CollectedSearchIndex(documents).files == CollectedSearchIndex(documents.reversed()).files)
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
        let before = Dictionary(uniqueKeysWithValues: CollectedSearchIndex(pages).files.map { ($0.name, $0.text) })
        let after = CollectedSearchIndex(edited).files
        let changed = after.filter { before[$0.name] != $0.text }.map(\.name)
        // The shard of "zebra" (new), of "8" (gone from it), the page's documents and the
        // statistics: not the shards of the words every page shares.
        #expect(changed.contains("t-7a.js"))
        #expect(changed.contains("meta.js"))
        #expect(!changed.contains("t-63.js"), "the shard of \"common\" is left alone")
        #expect(changed.count <= 4, "\(changed)")
    }

    static func posting(_ count: Int, _ fields: Int, _ section: Int) -> SearchPosting {
        SearchPosting(count: count, fields: fields, section: section)
    }

    @Test func aPostingReadsBackFromTheTextItWritesAndNothingElse() {
        let posting = Self.posting(12, 5, 340)
        #expect(posting.text == "12,5,340")
        #expect(posting.textLength == 8)
        #expect(SearchPosting(text: Array(posting.text.utf8)) == posting)
        for text in ["", "1,2", "1,2,3,4", "1,,3", "1,2,a", "1,300,3", "1,2,3,", "-1,2,3"] {
            #expect(SearchPosting(text: Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func aShardKeepsItsPostingsInKeyOrderAndReadsBackAsTheStateKeepsIt() throws {
        var cafe = SearchShard.setting(
            ["bb0000000000": Self.posting(1, 4, 0), "dd0000000000": Self.posting(1, 4, 0)], in: [])
        cafe = SearchShard.setting(["aa0000000000": Self.posting(2, 4, 0), "dd0000000000": nil], in: cafe)
        cafe = SearchShard.setting(["bb0000000000": Self.posting(3, 4, 0)], in: cafe)
        var shard = StoredSearchShard()
        shard.set(cafe, of: "cafe")
        shard.set(SearchShard.setting(["cc0000000000": Self.posting(1, 1, 0)], in: []), of: "café")
        let bound = { SearchTermParts.Bound(maxCount: $0, fields: $1) }
        shard.set(
            [
                .init(band: 3, slice: 0, count: 7, bound: bound(2, 4), size: 210),
                .init(band: 5, slice: 0, count: 3, bound: bound(1, 4), size: 90),
                .init(band: 5, slice: 1, count: 4, bound: bound(3, 6), size: 120),
            ], ofSplit: "common")
        #expect(
            shard.value(SearchTermParts(threshold: 100))
                == #"{"cafe":[["aa0000000000",2,4,0],["bb0000000000",3,4,0]],"café":[["cc0000000000",1,1,0]],"#
                + #""common":{"n":14,"p":[[3,2,4,4],[5,3,6,4]]}}"#,
            "a band's bound holds those of its slices; its slices are as many as its size asks for")
        #expect(StoredSearchShard(encoded: shard.encoded) == shard)
        let damaged = [
            "cafe\n", "cafe\t\n", "\taa0000000000:1,4,0\n", "cafe\taa000000000:1,4,0\n",
            "cafe\tAA0000000000:1,4,0\n", "cafe\taa0000000000:1,4\n", "cafe\taa0000000000;1,4,0\n",
            "cafe\taa0000000000:1,4,0\t\n", "common\t=1,2,3\n", "common\t=1,2,3,4,5\n",
            "common\t=1,2,3,4,5,-6\n", "common\t=1,2,3,4,5,6\taa0000000000:1,4,0\n",
        ]
        for text in damaged { #expect(StoredSearchShard(encoded: Data(text.utf8)) == nil, "\(text)") }
        shard.set([], of: "café")
        #expect(shard.terms["café"] == nil, "a term without postings goes")
        shard.set([], ofSplit: "common")
        #expect(shard.splitTerms.isEmpty, "a split term without parts goes")
    }

    @Test func anEntryKeepsEachTermsPostingAndReadsBackAsTheStateKeepsIt() throws {
        let document = SearchDocument(
            title: "Coffee", href: "Coffee.html", otherTitle: nil,
            sections: [.init(heading: "", anchor: "", text: "Beans and beans.")])
        let entry = SearchEntry(document, key: SearchEntry.firstKey(ofHref: "Coffee.html"))
        #expect(entry.postings["beans"]?.text == "2,4,0", "two in the body of section 0")
        let stored = SearchEntry(
            key: entry.key, href: entry.href, encodedPostings: entry.encodedPostings, value: entry.value)
        #expect(stored == entry)
        #expect(entry.encodedPostings.starts(with: [3] + Array("and".utf8) + [1, 4, 0, 5] + Array("beans".utf8)))
        let beans: [UInt8] = [5] + Array("beans".utf8)
        let damaged: [[UInt8]] = [
            Array("beans\t2,4\n".utf8), beans + [2, 4], [0, 2, 4, 0], beans + [2, 4, 0x80],
            beans + [2, 0x80, 0x02, 0], [9] + Array("beans".utf8),
        ]
        for bytes in damaged {
            #expect(
                SearchEntry(key: "k", href: "h", encodedPostings: bytes, value: "") == nil,
                "postings that do not decode are no entry: \(bytes)")
        }
    }
}
