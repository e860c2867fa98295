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

    /// Every scalar with the Unicode `White_Space` property separates words, wherever it is and
    /// whatever surrounds it, and no other scalar does: checked for every scalar, against a
    /// normalization written on the scalars' properties.
    @Test func everyWhitespaceScalarAndNoOtherSeparates() throws {
        func expected(_ raw: String) -> String {
            raw.unicodeScalars.split { $0.properties.isWhitespace || $0 == "_" }.map {
                String(String.UnicodeScalarView($0))
            }
            .joined(separator: " ")
        }
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(scalar)
            // Around every scalar; at the edges and doubled, around those that share a first byte
            // with a whitespace scalar beyond ASCII (U+0080 to U+00FF, U+1xxx, U+2xxx, U+3xxx).
            let sharesFirstByte = (0x80...0xFF).contains(value) || (0x1000...0x3FFF).contains(value)
            let forms =
                sharesFirstByte || value < 0x80
                ? ["a" + character + "b", character + "é" + character, "東" + character + character + "x"]
                : ["a" + character + "b"]
            for raw in forms {
                let normalized = expected(raw)
                #expect(
                    PageTitle(raw)?.text == (normalized.isEmpty ? nil : normalized), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func titlesOfEqualLengthAndPrefixCompareByTheirBytes() throws {
        let first = try #require(PageTitle("Über Straße: Notes 1"))
        let second = try #require(PageTitle("Über Straße: Notes 2"))
        #expect(first < second && first != second)
        #expect(first == PageTitle("Über_Straße:  Notes 1"))
        #expect(PageTitle("ab")! < PageTitle("abc")!)
    }
}
