import Testing
import WikiDocuments
import WikiModel

@Suite struct PageTitleTests {
    @Test func trimsAndFoldsSpacesAndUnderscores() {
        #expect(PageTitle("Sync Client")?.text == "Sync Client")
        #expect(PageTitle("Sync_Client")?.text == "Sync Client")
        #expect(PageTitle("  Sync __ Client\t\n")?.text == "Sync Client")
        #expect(PageTitle("_private_")?.text == "private")
        #expect(PageTitle("a\u{A0}\u{3000}b")?.text == "a b")
        #expect(PageTitle("C++: Notes")?.text == "C++: Notes")
    }

    @Test func nothingLeftIsNoTitle() {
        #expect(PageTitle("") == nil)
        #expect(PageTitle("   ") == nil)
        #expect(PageTitle("_ _\t") == nil)
    }

    @Test func identityIsExact() throws {
        let composed = try #require(PageTitle("Caf\u{E9}"))
        let decomposed = try #require(PageTitle("Cafe\u{301}"))
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(PageTitle("Apple") != PageTitle("apple"))
        #expect(PageTitle("Sync_Client") == PageTitle("Sync  Client"))
    }

    @Test func ordersByBytes() throws {
        let titles = ["b", "B", "é", "e\u{301}", "a", "Z"].compactMap(PageTitle.init).sorted()
        #expect(titles.map(\.text) == ["B", "Z", "a", "b", "e\u{301}", "é"])
    }
}
