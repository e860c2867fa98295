import Foundation
import TemporaryFolders
import Testing

/// End to end, through the real CLI: the fast path serves changes of a wiki with aliases. It
/// writes and removes the redirects a change touches, renders the pages whose links to an alias
/// change style, and lets a page win over an alias that has its title; `--verify` holds each build
/// to a clean one.
@Suite("aliases, on the fast path")
struct AliasIncrementalTests {
    static let fastPath = "edits of pages read alone with the build state"

    static let fixture: WikiFixture = {
        var fixture = WikiFixture()
        fixture.pages = [
            WikiFixture.Page(title: "Target", markdown: "---\naliases: [old]\n---\nBody\n"),
            WikiFixture.Page(title: "Linker", markdown: "[[new]] and [[old]]\n"),
            WikiFixture.Page(title: "Bystander", markdown: "[[Target]]\n"),
            WikiFixture.Page(title: "Other", markdown: "---\naliases: [spare]\n---\nOther body\n"),
        ]
        return fixture
    }()

    @Test func anAliasGoneRemovesItsRedirectAndRestylesItsLinks() throws {
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[0].markdown = "Body\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(output.contains("removed   1234/old.html: no longer an alias with a redirect"), "\(output)")
        #expect(output.contains("removed   1234/_search/a-old.js: no longer an alias with a redirect"), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output)?.contains("no longer exists") == true)
        #expect(IncrementalCommandTests.explanation(ofPage: "Bystander", in: output) == nil)
    }

    @Test func anAliasAddedWritesItsRedirectAndRestylesItsLinks() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages[0].markdown = "---\naliases: [old, new]\n---\nBody\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(output.contains("written   1234/new.html: an alias of \"Target\""), "\(output)")
        #expect(!output.contains("1234/old.html"), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output)?.contains("which now exists") == true)
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(try site.html("1234/new.html").contains("url=Target"))
        // The preview of a link through the alias finds the page's href in the search index.
        #expect(output.contains("written   1234/_search/a-new.js: an alias of \"Target\""), "\(output)")
        let target = try site.pageFile("Target", in: "1234").dropFirst("1234/".count)
        #expect(try site.html("1234/_search/a-new.js") == "wikisiteSearch.put(\"a-new\",\"\(target)\");\n")
    }

    @Test func anAliasMovedToAnotherPageRewritesItsRedirectAlone() throws {
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[0].markdown = "Body\n"
            fixture.pages[3].markdown = "---\naliases: [spare, old]\n---\nOther body\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(output.contains("written   1234/old.html: an alias of \"Other\""), "\(output)")
        #expect(output.contains("written   1234/_search/a-old.js: an alias of \"Other\""), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output) == nil, "\(output)")
    }

    @Test func aPageCreatedWithAnAliasTitleWinsOverItsRedirect() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages.append(WikiFixture.Page(title: "old", markdown: "A page where the alias was\n"))
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(output.contains("written   1234/old.html: page created"), "\(output)")
        // The page has its own document in the search index: the alias's file goes.
        #expect(output.contains("removed   1234/_search/a-old.js"), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output) == nil, "\(output)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(try site.html("1234/old.html").contains("A page where the alias was"))
    }

    @Test func aPageDeletedLetsTheAliasOfItsTitleRedirect() throws {
        var fixture = Self.fixture
        fixture.pages.append(WikiFixture.Page(title: "new", markdown: "A page titled like an alias\n"))
        fixture.pages[3].markdown = "---\naliases: [spare, new]\n---\nOther body\n"
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(fixture, in: folder) { fixture in
            fixture.pages.removeLast()
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(output.contains("written   1234/new.html: an alias of \"Other\""), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output) == nil, "\(output)")
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        #expect(try site.html("1234/new.html").contains("url=Other"))
    }

    @Test func anEditThatKeepsTheAliasesTouchesNoRedirect() throws {
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: try TemporaryFolder()) { fixture in
            fixture.pages[0].markdown = "---\naliases: [old]\n---\nBody, longer\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(!output.contains("1234/old.html"), "\(output)")
        #expect(IncrementalCommandTests.explanation(ofPage: "Linker", in: output) == nil, "\(output)")
    }

    /// The titles the page `title` of the site in `folder` lists under "What links here".
    static func backlinks(of title: String, in folder: TemporaryFolder) throws -> [String] {
        let site = SiteFiles(root: folder.url.appendingPathComponent("site"))
        return HTMLElements.links(inListsOfClass: "backlink-list", try site.html(try site.pageFile(title, in: "1234")))
    }

    @Test func anAliasMovedAwayTakesItsLinkersFromThePageItLeftToThePageItJoins() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            // "Other" is before "Target" in byte order: the alias leads to it now.
            fixture.pages[3].markdown = "---\naliases: [spare, old]\n---\nOther body\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(
            IncrementalCommandTests.explanation(ofPage: "Target", in: output)
                == "written: the pages linking to alias \"old\" come or go", "\(output)")
        #expect(try Self.backlinks(of: "Target", in: folder) == ["Bystander"])
        #expect(try Self.backlinks(of: "Other", in: folder) == ["Linker"])
    }

    @Test func aLinkToAnAliasAddedOrRemovedRewritesThePageItLeadsTo() throws {
        let folder = try TemporaryFolder()
        let output = try IncrementalCommandTests.rebuild(Self.fixture, in: folder) { fixture in
            fixture.pages[1].markdown = "[[new]] and [[spare]]\n"
        }
        #expect(output.contains(Self.fastPath), "\(output)")
        #expect(
            IncrementalCommandTests.explanation(ofPage: "Target", in: output)
                == "written: \"Linker\" no longer links here", "\(output)")
        #expect(
            IncrementalCommandTests.explanation(ofPage: "Other", in: output)
                == "written: \"Linker\" now links here", "\(output)")
        #expect(try Self.backlinks(of: "Other", in: folder) == ["Linker"])
    }
}
