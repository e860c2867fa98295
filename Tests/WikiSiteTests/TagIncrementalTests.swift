import Foundation
import TemporaryFolders
import Testing

/// End to end: a page's tags are part of what its change touches. The tag files are special
/// files with digests: a change renders the tag pages a page leaves and joins, and the tags
/// index when it shows something else; the others are left as they are. The fast path serves
/// each change, from the state's rows of the tags.
@Suite("tags, incrementally")
struct TagIncrementalTests {
    static let fixture: WikiFixture = {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Alpha", markdown: "#one #keep", updatedAt: "2024-01-01T00:00:00Z"),
            WikiFixture.Page(
                title: "Beta", markdown: "---\ntags: [two, keep]\n---\nBeta.", updatedAt: "2024-01-02T00:00:00Z"),
            WikiFixture.Page(title: "Gamma", markdown: "#three", updatedAt: "2024-01-03T00:00:00Z"),
        ]
        return fixture
    }()

    /// The files of wiki 1234's tags that `--explain` says were `action` (written, removed).
    static func tagFiles(_ action: String, in output: String) -> Set<String> {
        Set(
            output.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: " ")
                guard parts.count > 1, parts[0] == action, parts[1].hasPrefix("1234/_special/tags") else { return nil }
                return String(parts[1].dropLast())
            })
    }

    @Test func aTagChangeRewritesTheTagPagesItLeavesAndJoins() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages[0].markdown = "#keep #four"
            fixture.pages[0].updatedAt = "2024-01-04T00:00:00Z"
        }
        #expect(output.contains(AliasIncrementalTests.fastPath), "\(output)")
        #expect(
            Self.tagFiles("written", in: output) == ["1234/_special/tags.html", "1234/_special/tags/four.html"],
            "\(output)")
        #expect(Self.tagFiles("removed", in: output) == ["1234/_special/tags/one.html"], "\(output)")
    }

    @Test func aFrontMatterTagChangeRewritesTheIndexOnlyWhenItShowsSomethingElse() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages[1].markdown = "---\ntags: [two, keep, Three]\n---\nBeta."
        }
        #expect(output.contains(AliasIncrementalTests.fastPath), "\(output)")
        // `three` gains a page: its count changes, and so does the index.
        #expect(
            Self.tagFiles("written", in: output) == ["1234/_special/tags.html", "1234/_special/tags/three.html"],
            "\(output)")
        #expect(Self.tagFiles("removed", in: output).isEmpty)
    }

    @Test func anEditThatKeepsThePagesTagsRewritesNoTagFile() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages[2].markdown = "Still #three, with more words."
        }
        #expect(Self.tagFiles("written", in: output).isEmpty, "\(output)")
    }

    @Test func aTaggedPageDeletedLeavesItsTagPages() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages.remove(at: 2)
        }
        #expect(output.contains(AliasIncrementalTests.fastPath), "\(output)")
        #expect(Self.tagFiles("written", in: output) == ["1234/_special/tags.html"], "\(output)")
        #expect(Self.tagFiles("removed", in: output) == ["1234/_special/tags/three.html"], "\(output)")
    }

    @Test func aTagShownInAnotherFormRewritesItsPageAndTheIndex() throws {
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[0].markdown = "#one #Keep"
            fixture.pages[2].markdown = "#three #Keep"
        }
        #expect(output.contains(AliasIncrementalTests.fastPath), "\(output)")
        #expect(
            Self.tagFiles("written", in: output) == ["1234/_special/tags.html", "1234/_special/tags/keep.html"],
            "\(output)")
    }

    @Test func aPageJoiningALongTagRewritesThePartsItShiftsAlone() throws {
        var fixture = WikiFixture()
        fixture.pages = WikiFixture.numberedPages(1_400).enumerated().map { index, page in
            var page = page
            if !index.isMultiple(of: 7) { page.markdown += " #many" }
            return page
        }
        let output = try IncrementalCommandTests.rebuild(fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[700].markdown += " #many"
        }
        #expect(output.contains(AliasIncrementalTests.fastPath), "\(output)")
        let written = Self.tagFiles("written", in: output)
        #expect(written.contains("1234/_special/tags/many.html") && written.count < 4, "\(output)")
    }
}
