import Foundation
import TemporaryFolders
import Testing
import WikiSite

/// `wikisite serve --drafts`: a draft is a page with a banner, linked and listed like any other;
/// without the flag, nothing of it reaches the preview.
@Suite("wikisite serve --drafts", .timeLimit(.minutes(10)))
struct ServeDraftsTests {
    /// The draft's title, found nowhere else in the folder.
    static let draftTitle = "Zephyr Plans"
    /// The start of the draft's file name (`ServeCommandTests.page`).
    static let draftFile = "Zephyr_Plans"

    /// The notes of `ServeCommandTests`, with a draft that Install links to.
    static func makeNotesWithDraft() throws -> TemporaryFolder {
        let folder = try ServeCommandTests.makeNotes()
        try folder.write(
            "# Install\n\nRun the installer. See [[Usage]] and [[\(draftTitle)]].\n", to: "notes/Install.md")
        try folder.write("---\ntitle: \(draftTitle)\ndraft: true\n---\nNot yet: [[Usage]].\n", to: "notes/Plans.md")
        return folder
    }

    /// The files below `relative` in `folder` that mention `text`.
    static func files(mentioning text: String, under relative: String, in folder: TemporaryFolder) throws -> [String] {
        try folder.files(under: relative).filter { file in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.path(relative + "/" + file)))
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    @Test func withDraftsADraftIsAPageWithABannerLinkedAndListedLikeAnyOther() async throws {
        let folder = try Self.makeNotesWithDraft()
        let (server, client) = try ServeCommandTests.serve(folder, ["--drafts"])
        let plans = try ServeCommandTests.page(Self.draftFile, in: folder)
        let draft = try await client.fetch(plans)
        #expect(draft.status == 200)
        #expect(draft.body.contains("<p class=\"draft-banner\" role=\"note\"><strong>Draft</strong>"))
        #expect(draft.body.contains("Not yet:"))

        let install = try await client.fetch(try ServeCommandTests.page("Install", in: folder)).body
        let fileName = String(plans.dropFirst("notes/".count))
        #expect(install.contains("<a class=\"wikilink\" href=\"\(fileName)\">\(Self.draftTitle)</a>"))
        #expect(!install.contains("wikilink missing"), "the link to the draft is not a missing one")
        #expect(!install.contains("draft-banner"))

        let allPages = try await client.fetch("notes/_special/all-pages.html").body
        #expect(allPages.contains("href=\"../\(fileName)\">\(Self.draftTitle)</a>"), "\(allPages)")
        let usage = try await client.fetch(try ServeCommandTests.page("Usage", in: folder)).body
        #expect(usage.contains(">\(Self.draftTitle)</a>"), "the draft is among the page's backlinks")
        #expect(server.stop() == 0)
    }

    @Test func withoutDraftsNothingOfTheDraftReachesThePreview() throws {
        let folder = try Self.makeNotesWithDraft()
        let (server, _) = try ServeCommandTests.serve(folder)
        #expect(server.stop() == 0)
        #expect(!folder.files(under: "preview/notes").contains { $0.hasPrefix(Self.draftFile) })
        #expect(try Self.files(mentioning: "Not yet:", under: "preview", in: folder).isEmpty)
        // Its title shows only where a link to it does, as a missing link: in Install and the wanted
        // pages (and in Install's text in the search index, left out here).
        let mentions = try Self.files(mentioning: Self.draftTitle, under: "preview", in: folder)
            .filter { !$0.contains("/_search/") }
        #expect(mentions == [try ServeCommandTests.page("Install", in: folder), "notes/_special/wanted-pages.html"])
        #expect(try Self.files(mentioning: "class=\"draft-banner\"", under: "preview", in: folder).isEmpty)
    }

    @Test func aBuildOfTheSameSourcesShowsNoDraft() throws {
        let folder = try Self.makeNotesWithDraft()
        let built = try WikisiteBinary.run(["build", "--source", "notes", "--out", "site"], in: folder.url)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(!folder.files(under: "site/notes").contains { $0.hasPrefix(Self.draftFile) })
        #expect(try Self.files(mentioning: "Not yet:", under: "site", in: folder).isEmpty)
        #expect(try Self.files(mentioning: "class=\"draft-banner\"", under: "site", in: folder).isEmpty)
        let refused = try WikisiteBinary.run(
            ["build", "--drafts", "--source", "notes", "--out", "site"], in: folder.url)
        #expect(refused.status == 2, "build has no --drafts")
    }

    @Test func aHostOtherThanLoopbackWarnsThatTheDraftsAreVisibleToo() throws {
        let folder = try Self.makeNotesWithDraft()
        let server = try ServeProcess(
            ["--host", "0.0.0.0", "--port", "0", "--source", "notes", "--drafts"], in: folder.url)
        _ = try #require(server.servingURL(), "\(server.standardError)")
        #expect(server.standardError.contains("warning: --host 0.0.0.0 makes the preview, drafts included, visible"))
        #expect(server.stop() == 0)
    }

    @Test func publishingADraftWhileServingBuildsWhatAFreshPreviewBuilds() async throws {
        let folder = try Self.makeNotesWithDraft()
        let (server, client) = try ServeCommandTests.serve(folder, ["--drafts"])
        let plans = try ServeCommandTests.page(Self.draftFile, in: folder)
        let events = try await client.events()
        try folder.write(
            "---\ntitle: \(Self.draftTitle)\ndraft: false\n---\nNot yet: [[Usage]].\n", to: "notes/Plans.md")
        let event = try await events.next { $0.contains("event: build") }
        #expect(event.contains("\"\(plans)\""))
        #expect(!(try await client.fetch(plans).body.contains("draft-banner")))
        try folder.write(
            "---\ntitle: \(Self.draftTitle)\ndraft: true\n---\nNot yet: [[Usage]].\n", to: "notes/Plans.md")
        _ = try await events.next { $0.contains("event: build") }
        #expect(try await client.fetch(plans).body.contains("draft-banner"))
        #expect(server.stop() == 0)

        let fresh = try ServeProcess(
            ["--port", "0", "--source", "notes", "--out", "fresh", "--drafts"], in: folder.url)
        _ = try #require(fresh.servingURL(), "\(fresh.standardError)")
        #expect(fresh.stop() == 0)
        let differences = try SiteComparison.differences(between: folder.path("preview"), and: folder.path("fresh"))
        #expect(differences.isEmpty, "\(differences)")
    }
}
