import Testing
import WikiDocuments
import WikiFrontMatter

/// `tags:` in a page's front matter, in every form Obsidian reads.
@Suite struct FrontMatterTagsTests {
    func tags(_ yaml: String) throws -> [String] {
        try FrontMatter(yaml: yaml).tags.map(\.text)
    }

    @Test func aListOfTagsIsRead() throws {
        #expect(try tags("tags: [wiki, Notes]\n") == ["wiki", "Notes"])
        #expect(try tags("tags:\n  - wiki\n  - \"#notes\"\n  - project/wiki\n") == ["wiki", "notes", "project/wiki"])
    }

    @Test func oneValueIsCutAtCommasAndBlanks() throws {
        #expect(try tags("tags: wiki, notes\n") == ["wiki", "notes"])
        #expect(try tags("tags: wiki notes  draft\n") == ["wiki", "notes", "draft"])
        #expect(try tags("tags: '#wiki'\n") == ["wiki"])
    }

    @Test func whatIsNotATagIsLeftOutAndATagTwiceIsKeptOnce() throws {
        #expect(try tags("tags: [1984, wiki, Wiki, \"a b/\", \"<x>\"]\n") == ["wiki", "a"])
        #expect(try tags("tags:\n") == [])
        #expect(try tags("tags: [null, ~]\n") == [])
    }

    @Test func aMappingOfTagsIsAnError() {
        #expect(throws: FrontMatterError.self) { try FrontMatter(yaml: "tags:\n  a: b\n") }
        #expect(throws: FrontMatterError.self) { try FrontMatter(yaml: "tags:\n  - [a]\n") }
    }
}
