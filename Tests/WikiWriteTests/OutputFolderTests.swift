import Dispatch
import Foundation
import Synchronization
import Testing

@testable import WikiWrite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct OutputFolderTests {
    @Test func createsTheRootAndItsParents() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.at("a/b/site/"))
        try folder.write([1, 2, 3], to: "x.bin")
        #expect(try contents(temporary.at("a/b/site/x.bin")) == [1, 2, 3])
    }

    @Test func aRootThatIsAFileIsReported() throws {
        let temporary = try TemporaryFolder()
        try plant("not a folder", at: temporary.at("site"))
        let error = try #require(throws: WriteError.self) {
            try OutputFolder(root: temporary.at("site"))
        }
        #expect(error.problem == .notAFolder(entry: temporary.at("site")))
    }

    @Test func writesLandWithTheirBytes() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let html = "<h1>Café ☕</h1>\n"
        #expect(try folder.write(html, to: "wiki/Caf%C3%A9.html") == .written)
        #expect(try folder.write([0, 255, 10], to: "wiki/deep/er/raw.bin") == .written)
        #expect(try folder.write([], to: "empty") == .written)
        #expect(try contents(temporary.at("wiki/Caf%C3%A9.html")) == Array(html.utf8))
        #expect(try contents(temporary.at("wiki/deep/er/raw.bin")) == [0, 255, 10])
        #expect(try contents(temporary.at("empty")) == [])
        #expect(
            try tree(temporary.path) == [
                "empty", "wiki/", "wiki/Caf%C3%A9.html", "wiki/deep/", "wiki/deep/er/",
                "wiki/deep/er/raw.bin",
            ])
        let mode = try #require(status(temporary.at("empty"))).st_mode
        #expect(mode & S_IFMT == S_IFREG)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let bytes = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        try folder.write(bytes, to: "w/page.html")
        // Back-date the file, so that any rewrite would show in its modification time.
        var times = [
            timespec(tv_sec: 946_684_800, tv_nsec: 0), timespec(tv_sec: 946_684_800, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, temporary.at("w/page.html"), &times, 0) == 0)
        let before = try #require(status(temporary.at("w/page.html")))

        #expect(try folder.write(bytes, to: "w/page.html") == .unchanged)
        #expect(
            try folder.write(String(decoding: bytes, as: UTF8.self), to: "w/page.html") == .unchanged)
        let after = try #require(status(temporary.at("w/page.html")))
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_mtim.tv_sec == 946_684_800)

        var changed = bytes
        changed[150_000] = UInt8(ascii: "y")
        #expect(try folder.write(changed, to: "w/page.html") == .written)
        let rewritten = try #require(status(temporary.at("w/page.html")))
        #expect(rewritten.st_ino != before.st_ino)
        #expect(try contents(temporary.at("w/page.html")) == changed)
        #expect(try folder.write(changed + [1], to: "w/page.html") == .written)
        #expect(try contents(temporary.at("w/page.html")) == changed + [1])
    }

    static let invalidPaths: [(path: String, reason: String)] = [
        ("", "empty"),
        ("/etc/passwd", "absolute"),
        ("a//b.html", "empty component"),
        ("a/", "empty component"),
        ("./a.html", "\".\" component"),
        ("a/./b.html", "\".\" component"),
        ("../a.html", "\"..\" component"),
        ("a/../../b.html", "\"..\" component"),
        ("a/..", "\"..\" component"),
        ("a\\..\\b.html", "backslash"),
        ("a\u{0}b.html", "NUL"),
        (String(repeating: "é", count: 128) + ".html", "261 bytes long"),
        ("w/.wikisite-12-3.tmp", "temporary files"),
    ]

    @Test(arguments: invalidPaths)
    func invalidPathsAreRefusedWithTheirName(path: String, reason: String) throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let error = try #require(throws: WriteError.self) { try folder.write([1], to: path) }
        guard case .invalidPath = error.problem else {
            Issue.record("unexpected problem \(error.problem)")
            return
        }
        #expect(error.path.utf8.elementsEqual(path.utf8))
        #expect(error.description.contains(path.debugDescription))
        #expect(error.description.contains(reason))
        #expect(throws: WriteError.self) { try folder.remove(path) }
        #expect(try tree(temporary.path) == [])
    }

    @Test func longestAllowedNameIsAccepted() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let name = String(repeating: "n", count: 250) + ".html"
        #expect(try folder.write([1], to: "w/" + name) == .written)
        #expect(try tree(temporary.path) == ["w/", "w/" + name])
    }

    @Test func namesDifferingOnlyInNormalisationAreDistinctFiles() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let composed = "Caf\u{E9}.html"
        let decomposed = "Cafe\u{301}.html"
        try folder.write([1], to: composed)
        #expect(try folder.write([2], to: decomposed) == .written)
        #expect(try contents(temporary.at(composed)) == [1])
        #expect(try contents(temporary.at(decomposed)) == [2])
    }

    @Test func aFileWhereAFolderIsNeededIsReported() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        try folder.write([1], to: "wiki")
        let error = try #require(throws: WriteError.self) {
            try folder.write([2], to: "wiki/page.html")
        }
        #expect(error.problem == .notAFolder(entry: temporary.at("wiki")))
        #expect(
            error.description.contains("\(temporary.at("wiki")) is a file where wikisite needs a folder"))
        #expect(try tree(temporary.path) == ["wiki"])
    }

    @Test func aFolderInTheWayFailsWithoutLeavingTemporaryFiles() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        try folder.write([1], to: "w/index.html/inner.html")
        let error = try #require(throws: WriteError.self) { try folder.write([2], to: "w/index.html") }
        #expect(error.problem == .folderInTheWay)
        #expect(error.path == temporary.at("w/index.html"))
        #expect(try tree(temporary.path) == ["w/", "w/index.html/", "w/index.html/inner.html"])
    }

    @Test func concurrentWritesFromManyThreads() throws {
        let temporary = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        let count = 2_000
        @Sendable func path(_ index: Int) -> String {
            "wiki-\(index % 7)/sub-\(index % 3)/page-\(index).html"
        }
        @Sendable func body(_ index: Int, _ round: Int) -> String {
            "<p>page \(index), round \(round)</p>\n"
        }
        let failures = Mutex<[String]>([])
        let written = Atomic<Int>(0)
        for round in 0..<2 {
            DispatchQueue.concurrentPerform(iterations: count) { index in
                do {
                    if try folder.write(body(index, round), to: path(index)) == .written {
                        written.add(1, ordering: .relaxed)
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let writtenCount = written.load(ordering: .relaxed)
        #expect(writtenCount == 2 * count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            if (try? folder.write(body(index, 1), to: path(index))) != .unchanged {
                failures.withLock { $0.append(path(index)) }
            }
        }
        #expect(failures.withLock { $0 } == [])
        for index in 0..<count {
            #expect(try contents(temporary.at(path(index))) == Array(body(index, 1).utf8))
        }
        let entries = try tree(temporary.path)
        #expect(entries.count == count + 7 + 7 * 3)
        #expect(!hasTemporaryFiles(entries))
    }

    @Test func theRootMayBeALinkTheUserChose() throws {
        let temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: temporary.at("real"), withIntermediateDirectories: false)
        #expect(symlink(temporary.at("real"), temporary.at("site")) == 0)
        let folder = try OutputFolder(root: temporary.at("site"))
        try folder.write([7], to: "w/p.html")
        #expect(try contents(temporary.at("real/w/p.html")) == [7])
    }

    @Test func staleTemporaryFilesAreSweptAndNothingElse() throws {
        let temporary = try TemporaryFolder()
        let outside = try TemporaryFolder()
        let folder = try OutputFolder(root: temporary.path)
        try folder.write([1], to: "w/page.html")
        try plant("stale", at: temporary.at(".wikisite-4242-1.tmp"))
        try plant("stale", at: temporary.at("w/.wikisite-4242-77.tmp"))
        try plant("mine", at: temporary.at("w/.wikisite-notes.tmp"))
        try plant("mine", at: temporary.at("w/.wikisite-1-2.tmp.bak"))
        try plant("mine", at: temporary.at("w/page.tmp"))
        try FileManager.default.createDirectory(
            atPath: temporary.at("w/.wikisite-5-5.tmp"), withIntermediateDirectories: false)
        try plant("outside", at: outside.at(".wikisite-9-9.tmp"))
        #expect(symlink(outside.path, temporary.at("link")) == 0)

        #expect(try folder.removeStaleTemporaryFiles() == 2)
        #expect(
            try tree(temporary.path) == [
                "link -> \(outside.path)", "w/", "w/.wikisite-1-2.tmp.bak", "w/.wikisite-5-5.tmp/",
                "w/.wikisite-notes.tmp", "w/page.html", "w/page.tmp",
            ])
        #expect(try tree(outside.path) == [".wikisite-9-9.tmp"])
    }

    @Test func temporaryNamesAreRecognised() {
        #expect(TemporaryName.matches(Array(TemporaryName.next().utf8)))
        #expect(TemporaryName.matches(Array(".wikisite-1-2.tmp".utf8)))
        for name in [
            ".wikisite--2.tmp", ".wikisite-1-.tmp", ".wikisite-1.tmp", ".wikisite-1-2-3.tmp",
            ".wikisite-a-2.tmp", "wikisite-1-2.tmp", ".wikisite-.tmp",
        ] {
            #expect(!TemporaryName.matches(Array(name.utf8)), "\(name)")
        }
    }
}
