import Foundation
import SplitMix64
import Testing
import WikiDocuments

@testable import WikiModel

@Suite struct SitePathsTests {
    static func file(_ title: String) -> String {
        SitePaths.pageFile(TestDocuments.title(title))
    }

    /// Hard-coded names: the scheme is part of every published URL and must not change by
    /// accident. The hashes are FNV-1a 64 of the title's UTF-8, top 50 bits, base32.
    @Test(arguments: [
        ("sync client", "sync_client.html"),
        ("Sync Client", "Sync_Client~zibhwbl4kz.html"),
        ("apple", "apple.html"),
        ("Apple", "Apple~xd4ednesgs.html"),
        ("caf\u{E9}", "caf\u{E9}.html"),
        ("Caf\u{E9}", "Caf\u{E9}~ayn6tij7r4.html"),
        ("Cafe\u{301}", "Caf\u{E9}~7r55oafz6r.html"),
        ("C++: Notes", "C++-_Notes~onf6u7dkcw.html"),
        ("日本語", "日本語.html"),
        ("what's new (2024), v1.2-beta+1!", "what's_new_(2024),_v1.2-beta+1!.html"),
    ])
    func stableNames(_ title: String, _ expected: String) {
        #expect(Self.file(title) == expected)
    }

    @Test func readablePartOfOrdinaryTitles() {
        #expect(Self.file("Sync Client").hasPrefix("Sync_Client~"))
        #expect(Self.file("Sync_Client") == Self.file("Sync Client"))
        #expect(Self.file("release notes 2.0") == "release_notes_2.0.html")
        #expect(SitePaths.wikiFolder("5737529525067657") == "5737529525067657")
        #expect(SitePaths.wikiFolder("foam-docs") == "foam-docs")
        #expect(SitePaths.wikiFolder("a_b") == "a_b")
    }

    @Test func caseVariantsNeverShareAFile() {
        let names = ["Apple", "apple", "APPLE", "aPPLE"].map(Self.file)
        #expect(Set(names.map { $0.lowercased() }).count == 4)
        #expect(Set(names.map { $0.uppercased() }).count == 4)
        #expect(Self.file("apple") == "apple.html")
        #expect(Self.file("Apple").lowercased() != "apple.html")
    }

    @Test func normalizationVariantsNeverShareAFile() {
        let composed = Self.file("Caf\u{E9}")
        let decomposed = Self.file("Cafe\u{301}")
        #expect(!composed.isExactly(decomposed))
        #expect(
            !composed.decomposedStringWithCanonicalMapping.isExactly(decomposed.decomposedStringWithCanonicalMapping))
        #expect(
            !composed.precomposedStringWithCanonicalMapping.isExactly(decomposed.precomposedStringWithCanonicalMapping))
        #expect(Self.file("cafe\u{301}") != "caf\u{E9}.html", "only the NFC spelling goes unhashed")
    }

    @Test(arguments: ["ß", "ς", "ı", "ﬁ", "Ǆ", "ǅ", "K", "µ", "ᾳ", "Ꭰ", "ꭰ", "İ"])
    func caseUnstableLettersAreHashed(_ title: String) {
        #expect(Self.file(title).contains("~"))
    }

    @Test(arguments: ["é", "ж", "中", "ω", "ǆ", "ا", "ü", "a\u{308}\u{301}"])
    func caseStableLettersAreNot(_ title: String) {
        let nfc = title.precomposedStringWithCanonicalMapping
        #expect(Self.file(nfc) == nfc + ".html")
    }

    @Test(arguments: [
        "..", ".", "../../etc/passwd", "/etc/passwd", "a/b", "a\\b", "\\\\server\\share", "C:\\Windows", "%2e%2e%2f",
        "..%2F..%2F", "a\u{0}b", "\u{0}", "\u{1B}[2J", "line\nbreak", ".hidden", "...", "trailing.", "~user", "a~b",
        "CON", "con", "nul", "Aux", "PRN", "COM1", "com9", "LPT1", "lpt0", "CON.txt", "nul.tar.gz", "index",
        "Index", "index.html", "_assets", "?#&=", "<script>", "a:b", "\u{202E}gnp.exe", "\u{200B}", "\u{FEFF}x",
    ])
    func hostileTitlesGiveOneSafeComponent(_ raw: String) throws {
        let folder = SitePaths.wikiFolder(raw)
        try SitePathsProperties.expectSafeComponent(folder)
        #expect(folder.contains("~"), "\(folder.debugDescription) needs a hash")
        let file = SitePaths.pageFile(TestDocuments.title(raw))
        try SitePathsProperties.expectSafeComponent(file)
        #expect(file.hasSuffix(".html"))
    }

    @Test func titlesLoseWhatNormalizationRemoves() {
        #expect(Self.file("line\nbreak") == "line_break.html")
        #expect(Self.file("_assets") == "assets.html")
        #expect(Self.file("__init__") == "init.html")
    }

    @Test func reservedNames() {
        #expect(Self.file("index") == "index~qphy5d4qqf.html")
        #expect(Self.file("con") == "con~6ycpcginaf.html")
        #expect(Self.file("CON.txt") == "CON-.txt~uu6pmoaw47.html")
        #expect(Self.file("nul.txt").hasPrefix("nul-.txt~"))
        #expect(Self.file("console") == "console.html")
        #expect(Self.file("com10") == "com10.html")
        #expect(Self.file("indexes") == "indexes.html")
        #expect(SitePaths.wikiFolder("index.html").hasPrefix("index-.html~"))
        #expect(SitePaths.wikiFolder("_assets").hasPrefix("-assets~"))
        #expect(SitePaths.wikiFolder("..") == "-~a7nbub5uua")
        #expect(SitePaths.wikiFolder("") == "-~zpzjzzeeei")
        #expect(Self.file(".htaccess") == "-htaccess~ahw2emqhxy.html")
    }

    @Test func spacesInWikiIDsAreHashed() {
        #expect(SitePaths.wikiFolder("a b").hasPrefix("a_b~"))
        #expect(SitePaths.wikiFolder("a_b") == "a_b")
    }

    @Test func longTitlesStayShort() throws {
        for raw in [
            String(repeating: "a", count: 10_000), String(repeating: "é", count: 10_000),
            String(repeating: "日", count: 10_000), String(repeating: "😀", count: 10_000),
            "e" + String(repeating: "\u{301}", count: 10_000), String(repeating: "/", count: 10_000),
        ] {
            for name in [SitePaths.pageFile(TestDocuments.title(raw)), SitePaths.wikiFolder(raw)] {
                try SitePathsProperties.expectSafeComponent(name)
                #expect(name.contains("~"))
            }
        }
        let exactly120 = String(repeating: "a", count: 120)
        #expect(Self.file(exactly120) == exactly120 + ".html")
        #expect(Self.file(exactly120 + "a").hasPrefix(exactly120 + "~"))
        #expect(Self.file(String(repeating: "a", count: 119) + "é").hasPrefix(String(repeating: "a", count: 119) + "~"))
    }

    @Test func urlEncoding() {
        #expect(SitePaths.urlEncoded("sync_client.html") == "sync_client.html")
        #expect(SitePaths.urlEncoded("C++-_Notes~onf6u7dkcw.html") == "C++-_Notes~onf6u7dkcw.html")
        #expect(SitePaths.urlEncoded("caf\u{E9}.html") == "caf%C3%A9.html")
        #expect(SitePaths.urlEncoded("what's_new_(1),!.html") == "what%27s_new_(1),!.html")
        #expect(SitePaths.urlEncoded("a b/c?d#e%f\"g<h>&\\") == "a%20b%2Fc%3Fd%23e%25f%22g%3Ch%3E%26%5C")
        #expect(SitePaths.pageHref(TestDocuments.title("Café")) == "Caf%C3%A9~ayn6tij7r4.html")
    }
}

/// Properties every name must have, checked over many generated titles.
@Suite struct SitePathsProperties {
    /// One path component that stays inside its folder on every file system.
    static func expectSafeComponent(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!name.isEmpty, sourceLocation: sourceLocation)
        #expect(name.utf8.count <= 255, "\(name.utf8.count) bytes", sourceLocation: sourceLocation)
        #expect(!name.utf8.contains(UInt8(ascii: "/")), sourceLocation: sourceLocation)
        #expect(!name.utf8.contains(UInt8(ascii: "\\")), sourceLocation: sourceLocation)
        #expect(!name.utf8.contains(0), sourceLocation: sourceLocation)
        #expect(
            !name.unicodeScalars.contains { $0.properties.generalCategory == .control }, sourceLocation: sourceLocation)
        #expect(!name.hasPrefix("."), sourceLocation: sourceLocation)
        #expect(!name.hasPrefix("_"), sourceLocation: sourceLocation)
        #expect(!name.hasSuffix("."), sourceLocation: sourceLocation)
        #expect(!name.isExactly("index.html"), sourceLocation: sourceLocation)
        let stem = String(decoding: name.utf8.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self).lowercased()
        #expect(!["con", "prn", "aux", "nul", "com1", "lpt1", "index"].contains(stem), sourceLocation: sourceLocation)
        #expect(name.isExactly(name.precomposedStringWithCanonicalMapping), sourceLocation: sourceLocation)
    }

    /// Pieces chosen to collide: letters in both cases, composed and decomposed accents,
    /// case-unstable letters, separators, path syntax, reserved names, control characters.
    static let pieces: [String] = [
        "a", "A", "b", "B", "e", "E", "\u{E9}", "\u{C9}", "e\u{301}", "E\u{301}", "\u{301}", "i", "I", "\u{131}",
        "\u{130}", "s", "S", "\u{DF}", "ss", "SS", "\u{3C3}", "\u{3C2}", "\u{3A3}", "k", "K", "\u{212A}", "\u{FB01}",
        "fi", "\u{1C4}", "\u{1C5}", "\u{1C6}", " ", "_", "-", ".", "..", "~", "/", "\\", ":", "%2e", "%", "\u{0}",
        "\u{1B}", "\u{7F}", "\u{9B}", "\u{A0}", "\u{200B}", "\u{202E}", "con", "CON", "nul", "index", "Index", "日",
        "本", "\u{1F600}", "\u{1F1EB}\u{1F1F7}", "\u{AC00}", "\u{1100}\u{1161}", "1", "\u{661}", "(", "'", "!", "?",
        "#", "<", "\u{FF21}", "\u{FF41}", "\u{2126}", "\u{3A9}", "\u{3C9}", "\u{F900}", "\u{8C48}",
    ]

    static func titles(count: Int, seed: UInt64) -> [PageTitle] {
        var generator = SplitMix64(seed: seed)
        var seen: Set<PageTitle> = []
        var titles: [PageTitle] = []
        while titles.count < count {
            let length = 1 + Int(generator.next() % 6)
            let raw = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            if let title = PageTitle(raw), seen.insert(title).inserted { titles.append(title) }
        }
        return titles
    }

    @Test func everyNameIsOneSafeComponent() throws {
        for title in Self.titles(count: 5_000, seed: 1) {
            let name = SitePaths.pageFile(title)
            try Self.expectSafeComponent(name)
            #expect(name.hasSuffix(".html"))
            try Self.expectSafeComponent(SitePaths.wikiFolder(title.text))
        }
    }

    /// Distinct titles give names that stay distinct once a file system folds case and
    /// normalizes (NFC or NFD), whichever way it does it.
    @Test func namesAreInjectiveUnderCaseFoldingAndNormalization() {
        let titles = Self.titles(count: 10_000, seed: 2)
        let folds: [(String) -> String] = [
            { $0.precomposedStringWithCanonicalMapping.lowercased() },
            { $0.decomposedStringWithCanonicalMapping.lowercased() },
            { $0.precomposedStringWithCanonicalMapping.uppercased() },
            { $0.decomposedStringWithCanonicalMapping.uppercased().lowercased() },
        ]
        for fold in folds {
            var owners: [ExactString: PageTitle] = [:]
            var wikiOwners: [ExactString: String] = [:]
            for title in titles {
                let key = ExactString(fold(SitePaths.pageFile(title)))
                if let owner = owners.updateValue(title, forKey: key) {
                    Issue.record("\(title.text.debugDescription) and \(owner.text.debugDescription) share \(key)")
                }
                let wikiKey = ExactString(fold(SitePaths.wikiFolder(title.text)))
                if let owner = wikiOwners.updateValue(title.text, forKey: wikiKey) {
                    Issue.record("wikis \(title.text.debugDescription) and \(owner.debugDescription) share \(wikiKey)")
                }
            }
        }
    }

    /// An unhashed name is the only spelling of its title: the title can be read back from it.
    @Test func unhashedNamesSpellTheirTitle() {
        for title in Self.titles(count: 10_000, seed: 3) {
            let name = SitePaths.pageFile(title)
            guard !name.contains("~") else { continue }
            let spelled = String(
                String.UnicodeScalarView(name.unicodeScalars.dropLast(".html".count).map { $0 == "_" ? " " : $0 }))
            #expect(spelled.isExactly(title.text))
        }
    }

    @Test func hrefsAreASCIIAndDecodeToTheName() {
        for title in Self.titles(count: 2_000, seed: 4) {
            let name = SitePaths.pageFile(title)
            let href = SitePaths.pageHref(title)
            #expect(href.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "'") })
            #expect(href.removingPercentEncoding?.isExactly(name) == true)
        }
    }
}

@Suite struct ReservedRootNameTests {
    @Test func wikiFoldersNeverTakeTheFilesCrawlersLookFor() {
        for id in ["robots.txt", "sitemap.xml"] {
            let folder = SitePaths.wikiFolder(id)
            #expect(folder.hasPrefix(id + "~") && folder.utf8.count == id.utf8.count + 11, "\(folder)")
        }
        #expect(SitePaths.wikiFolder("sitemap") == "sitemap")
        #expect(SitePaths.wikiFolder("sitemap.xml2") == "sitemap.xml2")
        #expect(SitePaths.wikiFolder("Sitemap.xml") != "Sitemap.xml", "hashed already: not lowercase")
    }
}
