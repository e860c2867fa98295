import Foundation
import Testing
import WikiDocuments
import WikiSources

@Suite struct MarkdownFolderGitTests {
    @Test func datesComeFromGitWhenTheFolderIsInARepository() throws {
        let repository = try MarkdownFolderFixture()
        try repository.gitInit()
        try repository.write("docs/scratch.md\ndocs/vendor/\n", to: ".gitignore")
        try repository.write("one", to: "docs/a.md")
        try repository.write("b", to: "docs/sub/b c.md")
        try repository.write("u", to: "docs/ü.md")
        try repository.write("outside", to: "outside.md")
        try repository.commitAll("first", date: "2020-01-01T00:00:00Z")
        try repository.write("two", to: "docs/a.md")
        try repository.commitAll("second", date: "2021-06-01T12:00:00+02:00")
        try repository.git("checkout", "--quiet", "-b", "topic")
        try repository.write("c", to: "docs/c.md")
        try repository.commitAll("on a branch", date: "2021-07-01T00:00:00Z")
        try repository.git("checkout", "--quiet", "main")
        try repository.git("merge", "--quiet", "--no-ff", "--no-edit", "topic", date: "2021-08-01T00:00:00Z")

        try repository.write("b, edited", to: "docs/sub/b c.md", modified: 1_700_000_000_000)
        try repository.write("new", to: "docs/new.md", modified: 1_650_000_000_000)
        try repository.write("ignored", to: "docs/scratch.md")
        try repository.write("ignored", to: "docs/vendor/pkg/README.md")

        let result = try repository.read("docs")
        #expect(result.reading.form == "a folder of Markdown in git")
        #expect(result.ids == ["w", "w:a", "w:c", "w:new", "w:sub/b c", "w:ü"])
        #expect(result.field("created_at", of: "w:a") == "2020-01-01T00:00:00.000Z")
        #expect(result.field("updated_at", of: "w:a") == "2021-06-01T10:00:00.000Z")
        // Committed on a branch, then merged: the commit that changed it counts, not the merge.
        #expect(result.field("created_at", of: "w:c") == "2021-07-01T00:00:00.000Z")
        #expect(result.field("updated_at", of: "w:c") == "2021-07-01T00:00:00.000Z")
        // Changed since its last commit: the change is dated by the file.
        #expect(result.field("created_at", of: "w:sub/b c") == "2020-01-01T00:00:00.000Z")
        #expect(result.field("updated_at", of: "w:sub/b c") == "2023-11-14T22:13:20.000Z")
        // Never committed: the file's time.
        #expect(result.field("created_at", of: "w:new") == "2022-04-15T05:20:00.000Z")
        #expect(result.field("updated_at", of: "w:new") == "2022-04-15T05:20:00.000Z")
        #expect(result.field("updated_at", of: "w:ü") == "2020-01-01T00:00:00.000Z")
        #expect(result.reading.rejected.isEmpty)
    }

    @Test func gitDatesDoNotDependOnTheFiles() throws {
        let repository = try MarkdownFolderFixture()
        try repository.gitInit()
        try repository.write("text", to: "page.md")
        try repository.commitAll("first", date: "2019-05-05T05:05:05Z")
        let before = try repository.read()
        try repository.setModified("page.md", 1_800_000_000_000)
        let after = try repository.read()
        #expect(before.field("updated_at", of: "w:page") == "2019-05-05T05:05:05.000Z")
        #expect(after.documents.map(\.revisionText) == before.documents.map(\.revisionText))
    }

    @Test func aRepositoryWithoutCommitsUsesTheFiles() throws {
        let repository = try MarkdownFolderFixture()
        try repository.gitInit()
        try repository.write("text", to: "page.md", modified: 1_600_000_000_000)
        let result = try repository.read()
        #expect(result.reading.form == "a folder of Markdown in git")
        #expect(result.field("updated_at", of: "w:page") == "2020-09-13T12:26:40.000Z")
    }

    @Test func aRepositoryGitCannotReadStopsTheReading() throws {
        let repository = try MarkdownFolderFixture()
        try repository.write("not a git file", to: ".git")
        try repository.write("text", to: "page.md")
        let error = #expect(throws: MarkdownFolderError.self) { try repository.read() }
        #expect(
            error?.message.hasPrefix("the folder is in a git repository, but `git rev-parse --show-prefix` failed (")
                == true)
        #expect(error?.message.hasSuffix("); fix the repository so that git can read its history") == true)
    }
}
