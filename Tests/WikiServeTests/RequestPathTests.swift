import Testing

@testable import WikiServe

@Suite("A request's path")
struct RequestPathTests {
    @Test func aPathIsSplitIntoDecodedSegments() throws {
        let path = try RequestPath(target: "/my-wiki/Sync%20Client.html?x=1#top")
        #expect(path.segments == ["my-wiki", "Sync Client.html"])
        #expect(!path.namesFolder)
    }

    @Test func aPathEndingInASlashNamesAFolder() throws {
        #expect(try RequestPath(target: "/").segments.isEmpty)
        #expect(try RequestPath(target: "/").namesFolder)
        #expect(try RequestPath(target: "/wiki/").namesFolder)
    }

    @Test func utf8EscapesAreDecoded() throws {
        #expect(try RequestPath(target: "/w/%C3%89t%C3%A9.html").segments == ["w", "Été.html"])
    }

    @Test(arguments: ["/../etc/passwd", "/wiki/../../x", "/wiki/./x", "/.."])
    func aDotSegmentIsRefused(_ target: String) {
        #expect(throws: RequestPathError.dotSegment) { try RequestPath(target: target) }
    }

    @Test(arguments: ["/%2e%2e/etc/passwd", "/%2E%2E/x", "/.%2e/x", "/a%2fb", "/a%2Fb", "/a%5cb", "/a%00b"])
    func aURLWithEncodedDotsOrSlashesIsRefused(_ target: String) {
        #expect(throws: RequestPathError.self) { try RequestPath(target: target) }
    }

    @Test(arguments: ["/a\\b", "/a\0b"])
    func aBackslashOrNULIsRefused(_ target: String) {
        #expect(throws: RequestPathError.forbiddenCharacter) { try RequestPath(target: target) }
    }

    @Test func anEmptySegmentIsRefused() {
        #expect(throws: RequestPathError.emptySegment) { try RequestPath(target: "//etc/passwd") }
    }

    @Test(arguments: ["/a%zz", "/a%2", "/a%ff"])
    func aBadEscapeIsRefused(_ target: String) {
        #expect(throws: RequestPathError.badEscape) { try RequestPath(target: target) }
    }

    @Test func aTargetThatIsNotAPathIsRefused() {
        #expect(throws: RequestPathError.notAbsolute) { try RequestPath(target: "http://example.com/") }
    }
}
