import Testing
import WikiModel

@testable import WikiPages
@testable import WikiSite

/// How lists are cut into files, and filed by letter.
@Suite("Special page lists")
struct SpecialPageListTests {
    /// `count` titles, `Title 00000` on, with `inserted` among them in order.
    static func titles(_ count: Int, inserted: [String] = []) -> [String] {
        ((0..<count).map { "Title " + String(String($0 + 100_000).dropFirst()) } + inserted).sorted()
    }

    /// The entries of each file of `titles` cut at their titles, 200 a file on average.
    static func files(_ titles: [String], entriesPerFile: Int = 200) -> [[String]] {
        let cuts = TitleCuts(count: titles.count, entriesPerFile: entriesPerFile) { titles[$0] }
        return (1...cuts.fileCount).map { Array(titles[cuts.entries(ofFile: $0)]) }
    }

    /// What a file of a list cut at its titles shows besides the theme: its entries and the
    /// first titles of the files beside it (its links to them). A file none of the old files
    /// matches is written again.
    struct ShownFile: Equatable {
        let entries: [String]
        let previous: String?
        let next: String?

        static func of(_ files: [[String]]) -> [ShownFile] {
            files.indices.map { index in
                ShownFile(
                    entries: files[index], previous: index > 0 ? files[index - 1].first : nil,
                    next: index + 1 < files.count ? files[index + 1].first : nil)
            }
        }
    }

    @Test(arguments: [0, 1, 200])
    func aListOfAtMost200TitlesIsOneFile(count: Int) {
        let titles = Self.titles(count)
        #expect(Self.files(titles) == [titles])
    }

    @Test(arguments: [201, 1_000, 20_000])
    func aLongerListIsCutIntoFilesOf100To800Titles(count: Int) {
        let titles = Self.titles(count)
        let files = Self.files(titles)
        #expect(Array(files.joined()) == titles)
        #expect(files.dropLast().allSatisfy { (100...800).contains($0.count) }, "\(files.map(\.count))")
        #expect(!files.last!.isEmpty && files.last!.count <= 800)
        if count >= 20_000 {
            // About 200 a file on average.
            #expect((count / 250...count / 160).contains(files.count), "\(files.count) files")
        }
        let cuts = TitleCuts(count: titles.count, entriesPerFile: 200) { titles[$0] }
        for number in 1...cuts.fileCount {
            let entries = cuts.entries(ofFile: number)
            #expect(cuts.file(containingEntryAt: entries.lowerBound) == number)
            #expect(cuts.file(containingEntryAt: entries.upperBound - 1) == number)
        }
    }

    @Test func aTitleAddedOrRemovedRewritesTheFileItFallsInAndAtMostTwoMore() {
        let titles = Self.titles(5_000)
        let shown = ShownFile.of(Self.files(titles))
        var rewritten: [Int] = []
        for position in stride(from: 0, to: 5_000, by: 37) {
            let added = Self.files(Self.titles(5_000, inserted: [titles[position] + " bis"]))
            let removed = Self.files(titles.filter { $0 != titles[position] })
            for files in [added, removed] {
                let count = ShownFile.of(files).filter { !shown.contains($0) }.count
                rewritten.append(count)
                #expect(count <= 3, "at \(position): \(count) files rewritten")
            }
        }
        // Nearly every change rewrites the one file it falls in alone (268 of 272 here).
        #expect(rewritten.filter { $0 == 1 }.count * 10 >= rewritten.count * 9, "\(rewritten)")
    }

    @Test(arguments: [
        (0, 1, [0..<0]),
        (1, 1, [0..<1]),
        (200, 1, [0..<200]),
        (201, 2, [0..<200, 200..<201]),
        (400, 2, [0..<200, 200..<400]),
        (401, 3, [0..<200, 200..<400, 400..<401]),
    ])
    func paginationBoundaries(entries: Int, files: Int, ranges: [Range<Int>]) {
        let pagination = Pagination(entryCount: entries)
        #expect(pagination.fileCount == files)
        #expect((1...files).map { pagination.entries(ofFile: $0) } == ranges)
        if entries > 0 {
            #expect(pagination.file(containingEntryAt: 0) == 1)
            #expect(pagination.file(containingEntryAt: entries - 1) == files)
        }
    }

    @Test func entry200IsTheLastOfTheFirstFileAnd201TheFirstOfTheSecond() {
        let pagination = Pagination(entryCount: 1_000)
        #expect(pagination.file(containingEntryAt: 199) == 1)
        #expect(pagination.file(containingEntryAt: 200) == 2)
    }

    @Test func aListInOneFileHasNoBar() {
        let view = Pagination(entryCount: 200).view(ofFile: 1) { "p\($0).html" }
        #expect(view.links.isEmpty)
        #expect(view.previousHref == nil && view.nextHref == nil)
        #expect(view.span.firstEntry == 1 && view.span.lastEntry == 200 && view.span.entryCount == 200)
        let empty = Pagination(entryCount: 0).view(ofFile: 1) { "p\($0).html" }
        #expect(empty.span.firstEntry == 0 && empty.span.lastEntry == 0)
    }

    @Test func theBarLinksNeighboursFirstAndLastWithGaps() {
        let pagination = Pagination(entryCount: 20 * 200)
        #expect(pagination.linkedFiles(around: 1) == [1, 2, 3, nil, 20])
        #expect(pagination.linkedFiles(around: 10) == [1, nil, 8, 9, 10, 11, 12, nil, 20])
        #expect(pagination.linkedFiles(around: 4) == [1, 2, 3, 4, 5, 6, nil, 20])
        #expect(pagination.linkedFiles(around: 20) == [1, nil, 18, 19, 20])
        let view = pagination.view(ofFile: 2) { "p\($0).html" }
        #expect(view.previousHref == "p1.html" && view.nextHref == "p3.html")
        #expect(view.span.firstEntry == 201 && view.span.lastEntry == 400)
        #expect(view.links.first { $0.isCurrent }?.number == 2)
    }

    @Test(arguments: [
        ("Apple", "A"), ("apple", "A"), ("Über Sync", "U"), ("éclair", "E"), ("straße", "S"), ("ßig", "S"),
        ("жук", "Ж"), ("東京", "東"), ("1password", "#"), ("../../evil", "#"), ("C++: Notes", "C"),
        ("\u{2018}quoted\u{2019}", "#"), ("Cafe\u{301}", "C"), ("\u{C9}cole", "E"), ("E\u{301}cole", "E"),
    ])
    func lettersAreCaseFoldedBaseLetters(title: String, letter: String) {
        #expect(AlphabeticalKey.letter(of: title) == letter)
    }

    /// ASCII titles are filed and folded without Foundation: exactly as Foundation would.
    @Test func asciiTitlesAreFiledAndFoldedAsFoundationDoes() throws {
        for byte in UInt8(0x21)...0x7E {
            let character = String(UnicodeScalar(byte))
            // `_` alone is no title: it reads as a space.
            let alone = byte == UInt8(ascii: "_") ? [] : [character]
            for raw in alone + [character + "Mixed Case z" + character, "aZ" + character] {
                let text = try #require(PageTitle(raw)).text
                let key = AlphabeticalKey(try #require(PageTitle(text)))
                #expect(key.letter == AlphabeticalKey.letter(of: text), "\(text)")
                #expect(key.folded == Array(AlphabeticalKey.folding(text).utf8), "\(text)")
            }
        }
    }

    @Test func theAlphabeticalOrderGroupsByLetterIgnoresCaseAndAccentsAndIsTotal() {
        let titles = [
            "Zebra", "apple", "Apple", "Über Sync", "Ubuntu", "éclair", "Eagle", "42", "../x", "жук", "Banana",
            "APPLE",
        ].map { PageTitle($0)! }
        let sorted = AlphabeticalOrder.sorted(titles: titles).map(\.text)
        #expect(
            sorted == [
                "../x", "42", "APPLE", "Apple", "apple", "Banana", "Eagle", "éclair", "Über Sync", "Ubuntu", "Zebra",
                "жук",
            ])
        let reversed = AlphabeticalOrder.sorted(titles: titles.reversed()).map(\.text)
        #expect(reversed == sorted)
    }

    @Test func titlesInsertedInAnAlphabeticalListGoWhereASortPutsThem() {
        let titles = [
            "Zebra", "apple", "Apple", "Über Sync", "Ubuntu", "éclair", "Eagle", "42", "../x", "жук", "Banana",
            "APPLE",
        ].map { PageTitle($0)! }
        let sorted = AlphabeticalOrder.sorted(titles: titles)
        for split in [0, 1, 5, titles.count] {
            let kept = AlphabeticalOrder.sorted(titles: Array(titles.dropFirst(split)))
            let inserted = AlphabeticalOrder.inserting(titles.prefix(split), into: kept)
            #expect(inserted == sorted, "\(split) inserted")
        }
    }

    @Test func daysAreReadableAndInUTC() throws {
        let day = CalendarDay(try #require(Timestamp("2012-12-16T01:33:01.909Z")), strings: .english)
        #expect(day.heading == "Sunday 16 December 2012")
        #expect(day.datetime == "2012-12-16")
        let shifted = CalendarDay(try #require(Timestamp("2012-12-16T00:30:00+01:00")), strings: .english)
        #expect(shifted.heading == "Saturday 15 December 2012")
        #expect(CalendarDay(try #require(Timestamp("1969-12-31T23:59:59Z")), strings: .english).number == -1)
        #expect(CalendarDay.timeOfDay(try #require(Timestamp("2012-12-16T01:33:01.909Z"))) == "01:33")
        let first = CalendarDay(try #require(Timestamp("0001-01-01T00:00:00+01:00")), strings: .english)
        #expect(first.heading == "Sunday 31 December 0" && first.datetime == "0000-12-31")
    }

    @Test(arguments: [
        ("", 0), ("one", 1), ("# Heading\n\nTwo words.", 3), ("don't stop", 2), ("don’t", 1), ("[[Sync Client]]", 2),
        ("a — b", 2), ("café crème", 2), ("`code_span` 42", 3), ("'quoted'", 1), ("a''b", 2), ("a’’b", 2),
        ("x' y", 2), ("'a'b'", 1), ("Über×Straße÷Ωmega", 3), ("ſ ĸ ŉ", 3), ("word1 w2w3 ab'cd ef’gh", 4),
        ("abc''def ghi'", 3), ("run1é2run ×z", 2),
    ])
    func wordsAreRunsOfLettersAndDigits(text: String, words: Int) {
        #expect(WordCount.words(in: text) == words)
    }

    @Test func latinLettersAreWordsAsTheirPropertiesSay() {
        for value in UInt32(0x80)...0x24F {
            let scalar = Unicode.Scalar(value)!
            let properties = scalar.properties
            let expected =
                properties.isAlphabetic
                || [.decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark]
                    .contains(properties.generalCategory)
            #expect(WordCount.isWordScalar(scalar) == expected, "U+\(String(value, radix: 16))")
        }
    }
}
