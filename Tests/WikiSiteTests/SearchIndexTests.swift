import Testing

@testable import WikiSite

@Suite("the search index: words, shards and documents")
struct SearchIndexTests {
    @Test func wordsAreFoldedOfTheirCaseAndAccents() {
        #expect(SearchTerms.terms(of: "Café CRÈME, naïve—Straße 42") == ["cafe", "creme", "naive", "straße", "42"])
        #expect(SearchTerms.terms(of: "cafe") == SearchTerms.terms(of: "CAFÉ"))
    }

    @Test func chineseAndJapaneseTextIsIndexedByPairsOfCharacters() {
        #expect(SearchTerms.terms(of: "搜索引擎") == ["搜索", "索引", "引擎"])
        #expect(SearchTerms.terms(of: "in 东京 and 字") == ["in", "东京", "and", "字"])
        #expect(SearchTerms.terms(of: "カタカナ") == ["カタ", "タカ", "カナ"])
    }

    @Test func aTermIsShardedByItsFirstTwoLettersOrItsFirstIdeograph() {
        #expect(SearchTerms.shardKey(of: "cafe") == "6361")
        #expect(SearchTerms.shardKey(of: "c") == "63")
        #expect(SearchTerms.shardKey(of: "搜索") == "e6909c")
        #expect(SearchTerms.shardKey(of: "ée") == "c3a965")
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

    @Test func postingsSayInWhichFieldAndSectionAWordIs() throws {
        let index = SearchIndex([
            SearchDocument(
                title: "Coffee", href: "Coffee.html", otherTitle: nil,
                sections: [
                    .init(heading: "", anchor: "", text: "Beans."),
                    .init(heading: "Beans", anchor: "beans", text: "Roast"),
                ])
        ])
        let shard = try #require(index.files.first { $0.name == "t-6265.js" })
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
        #expect(changed.contains("t-7a65.js"))
        #expect(changed.contains("meta.js"))
        #expect(!changed.contains("t-636f.js"), "the shard of \"common\" is left alone")
        #expect(changed.count <= 4, "\(changed)")
    }
}
