import Testing
import WikiWrite

@Suite struct ManifestTests {
    @Test func contentHashIsFNV1a64() {
        #expect(ContentHash(of: [UInt8]()).description == "cbf29ce484222325")
        #expect(ContentHash(of: Array("a".utf8)).description == "af63dc4c8601ec8c")
        #expect(ContentHash(of: "foobar").description == "85944171f73967e8")
        #expect(ContentHash(of: "Café") == ContentHash(of: Array("Café".utf8)))
        #expect(ContentHash(value: 0xab).description == "00000000000000ab")
    }

    @Test func roundTripKeepsExactPaths() throws {
        let state = try TemporaryFolder()
        var manifest = Manifest()
        let paths = [
            "index.html", "style.css", "w/Caf\u{E9}.html", "w/Cafe\u{301}.html", "w/quote\"and more.html",
            "w/tab\tnew\nline\u{1}.html", "w/日本語.html", "w/emoji😀.html",
        ]
        for (index, path) in paths.enumerated() {
            manifest.record(path, hash: ContentHash(value: UInt64(index)))
        }
        #expect(manifest.count == paths.count)
        try manifest.save(toStateFolder: state.at("nested/state"))
        let loaded = try Manifest.load(fromStateFolder: state.at("nested/state"))
        #expect(loaded == manifest)
        #expect(loaded["w/Caf\u{E9}.html"] == ContentHash(value: 2))
        #expect(loaded["w/Cafe\u{301}.html"] == ContentHash(value: 3))
        #expect(
            loaded.paths.map { Array($0.utf8) }
                == paths.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func theFileIsStableSortedJSON() throws {
        let state = try TemporaryFolder()
        var manifest = Manifest()
        manifest.record("w/b.html", hash: ContentHash(value: 2))
        manifest.record("index.html", hash: ContentHash(value: 0xffff_ffff_ffff_ffff))
        manifest.record("w/a \"x\".html", hash: ContentHash(value: 1))
        try manifest.save(toStateFolder: state.path)
        let expected = """
            {
              "files": {
                "index.html": "ffffffffffffffff",
                "w/a \\"x\\".html": "0000000000000001",
                "w/b.html": "0000000000000002"
              },
              "version": 1
            }

            """
        #expect(try contents(state.at(Manifest.fileName)) == Array(expected.utf8))

        try Manifest().save(toStateFolder: state.path)
        #expect(
            try contents(state.at(Manifest.fileName))
                == Array("{\n  \"files\": {},\n  \"version\": 1\n}\n".utf8))
        #expect(try Manifest.load(fromStateFolder: state.path) == Manifest())
        #expect(try tree(state.path) == [Manifest.fileName])
    }

    @Test func aMissingManifestIsEmpty() throws {
        let state = try TemporaryFolder()
        #expect(try Manifest.load(fromStateFolder: state.at("absent")).isEmpty)
    }

    @Test func pathsNoLongerProducedAreTheOldOnesOnly() {
        var previous = Manifest()
        for path in ["w/gone.html", "w/kept.html", "w/Caf\u{E9}.html", "a/gone.html"] {
            previous.record(path, hash: ContentHash(value: 1))
        }
        var next = Manifest()
        for path in ["w/kept.html", "w/Cafe\u{301}.html", "w/new.html"] {
            next.record(path, hash: ContentHash(value: 2))
        }
        #expect(
            previous.pathsNoLongerProduced(by: next) == [
                "a/gone.html", "w/Caf\u{E9}.html", "w/gone.html",
            ])
        #expect(
            next.pathsNoLongerProduced(by: previous).map { Array($0.utf8) } == [
                Array("w/Cafe\u{301}.html".utf8), Array("w/new.html".utf8),
            ])

        #expect(
            previous.pathsNoLongerProduced(by: next, where: { $0.hasPrefix("w/") }) == [
                "w/Caf\u{E9}.html", "w/gone.html",
            ])

        let merged = previous.merging(next)
        #expect(merged.count == 6)
        #expect(merged["w/kept.html"] == ContentHash(value: 2))
        #expect(merged["w/gone.html"] == ContentHash(value: 1))
    }

    static let damaged: [(text: String, offset: Int, detail: String)] = [
        ("", 0, "ends early"),
        ("[]", 0, "expected \"{\""),
        ("{\"files\": {}}", 13, "\"version\" key is missing"),
        ("{\"version\": 1}", 14, "\"files\" key is missing"),
        ("{\"version\": 2, \"files\": {}}", 12, "version 2"),
        ("{\"version\": 1, \"files\": {\"a\": \"xyz\"}}", 30, "16 lowercase hexadecimal digits"),
        (
            "{\"version\": 1, \"files\": {\"../etc/passwd\": \"0000000000000000\"}}", 25,
            "\"..\" component"
        ),
        ("{\"version\": 1, \"files\": {\"/etc/passwd\": \"0000000000000000\"}}", 25, "absolute"),
        (
            "{\"version\": 1, \"files\": {\"a\": \"0000000000000000\", \"a\": \"0000000000000001\"}}", 50,
            "listed twice"
        ),
        ("{\"version\": 1, \"files\": {\"\\ud800\": \"0000000000000000\"}}", 26, "lone surrogate"),
        ("{\"version\": 1, \"files\": {}, \"extra\": 1}", 28, "unexpected key"),
        ("{\"version\": 1, \"files\": {\"a\": \"0000000000000000\"", 48, "ends early"),
        ("{\"version\": 1, \"files\": {}} x", 28, "after the end"),
    ]

    @Test(arguments: damaged)
    func aDamagedManifestNamesTheFileAndTheByte(text: String, offset: Int, detail: String) throws {
        let state = try TemporaryFolder()
        try plant(text, at: state.at(Manifest.fileName))
        let error = try #require(throws: WriteError.self) {
            try Manifest.load(fromStateFolder: state.path)
        }
        guard case .damagedManifest(let byteOffset, let message) = error.problem else {
            Issue.record("unexpected problem \(error.problem)")
            return
        }
        #expect(byteOffset == offset)
        #expect(message.contains(detail), "\(message)")
        #expect(
            error.description.hasPrefix("cannot read \(state.at(Manifest.fileName)) (byte \(offset)): "))
    }

    @Test func escapesAndWhitespaceOfOtherWritersAreRead() throws {
        let state = try TemporaryFolder()
        let text =
            "{ \"version\" : 1 ,\r\n\t\"files\" : { \"w\\/caf\\u00e9 \\ud83d\\ude00.html\" : \"0123456789abcdef\" } }"
        try plant(text, at: state.at(Manifest.fileName))
        let manifest = try Manifest.load(fromStateFolder: state.path)
        #expect(manifest.paths == ["w/caf\u{E9} 😀.html"])
        #expect(manifest["w/caf\u{E9} 😀.html"] == ContentHash(value: 0x0123_4567_89ab_cdef))
    }
}
