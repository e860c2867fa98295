import SplitMix64
import Testing

@testable import WikiWrite

@Suite struct ManifestTests {
    /// The hash of a file is that of its bytes however they come: a string, an array, or pieces
    /// of any length read from the file (`ContentHasher`).
    @Test func contentHashIsOfTheBytesWhateverTheirPieces() {
        var generator = SplitMix64(seed: 7)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let whole = ContentHash(of: bytes)
            for _ in 0..<20 {
                var hasher = ContentHasher()
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + Int(generator.next() % 11))
                    bytes[start..<end].withUnsafeBytes { hasher.add($0) }
                    start = end
                }
                #expect(ContentHash(value: hasher.value) == whole, "\(length) bytes")
            }
        }
        #expect(ContentHash(of: "Café") == ContentHash(of: Array("Café".utf8)))
    }

    /// Files that differ by a byte, by trailing zeros or by the order of their words hash apart;
    /// and the hash of given bytes never changes (the manifest keeps it from one build to the
    /// next).
    @Test func contentHashTellsFilesApartAndIsStable() {
        let files: [[UInt8]] = [
            [], [0], [0, 0], Array("a".utf8), Array("a\0".utf8), Array("abcdefgh12345678".utf8),
            Array("12345678abcdefgh".utf8), Array("abcdefgh12345679".utf8), Array(repeating: 0, count: 8),
            Array(repeating: 0, count: 16),
        ]
        #expect(Set(files.map { ContentHash(of: $0) }).count == files.count)
        #expect(ContentHash(of: "foobar").description == "b8b4f0edd70bbf8a")
        #expect(ContentHash(value: 0xab).description == "00000000000000ab")
    }

    @Test func pathsAreExactAndInByteOrder() {
        var manifest = Manifest()
        let paths = ["w/b.html", "index.html", "w/Caf\u{E9}.html", "w/Cafe\u{301}.html", "w/日本語.html"]
        for (index, path) in paths.enumerated() {
            manifest.record(path, hash: ContentHash(value: UInt64(index)))
        }
        manifest.record("w/b.html", hash: ContentHash(value: 9))
        #expect(manifest.count == paths.count)
        #expect(manifest["w/Caf\u{E9}.html"] == ContentHash(value: 2))
        #expect(manifest["w/Cafe\u{301}.html"] == ContentHash(value: 3))
        #expect(manifest["w/b.html"] == ContentHash(value: 9))
        #expect(manifest["w/absent.html"] == nil)
        #expect(
            manifest.paths.map { Array($0.utf8) }
                == paths.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// The file of wikisite up to state format 3, as it wrote it: sorted keys, one file a line,
    /// quotes and control characters escaped.
    @Test func theFileOfEarlierVersionsIsRead() throws {
        let state = try TemporaryFolder()
        let text = """
            {
              "files": {
                "index.html": "ffffffffffffffff",
                "w/Caf\u{E9}.html": "0000000000000002",
                "w/Cafe\u{301}.html": "0000000000000003",
                "w/a \\"x\\".html": "0000000000000001",
                "w/tab\\u0009.html": "0000000000000004"
              },
              "version": 1
            }

            """
        try plant(text, at: state.at(Manifest.fileName))
        let manifest = try Manifest.load(fromStateFolder: state.path)
        #expect(manifest.count == 5)
        #expect(manifest["index.html"] == ContentHash(value: 0xffff_ffff_ffff_ffff))
        #expect(manifest["w/Caf\u{E9}.html"] == ContentHash(value: 2))
        #expect(manifest["w/Cafe\u{301}.html"] == ContentHash(value: 3))
        #expect(manifest["w/a \"x\".html"] == ContentHash(value: 1))
        #expect(manifest["w/tab\t.html"] == ContentHash(value: 4))
        #expect(Manifest.path(inStateFolder: "s") == "s/manifest.json")
        #expect(Manifest.path(inStateFolder: "s/") == "s/manifest.json")
    }

    @Test func aMissingManifestIsEmpty() throws {
        let state = try TemporaryFolder()
        #expect(try Manifest.load(fromStateFolder: state.at("absent")).isEmpty)
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
