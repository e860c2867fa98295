import Testing
import WikiDocuments
import WikiModel

@testable import WikiPages
@testable import WikiSite

@Suite struct BaseURLTests {
    @Test(arguments: [
        ("https://example.org", "https://example.org/", true),
        ("https://example.org/", "https://example.org/", true),
        ("HTTPS://Example.ORG:443/Docs", "https://example.org/Docs/", false),
        ("http://example.org:80/a/b/", "http://example.org/a/b/", false),
        ("http://example.org:8080/wiki", "http://example.org:8080/wiki/", false),
        ("https://[2001:DB8::1]:8443/", "https://[2001:db8::1]:8443/", true),
        ("https://example.org/caf\u{E9}/", "https://example.org/caf%C3%A9/", false),
        ("https://example.org/a%2fb", "https://example.org/a%2Fb/", false),
        ("https://example.org/a\"b<c>", "https://example.org/a%22b%3Cc%3E/", false),
        ("https://example.org/~me/(x)&y=1", "https://example.org/~me/(x)&y=1/", false),
    ])
    func normalizes(raw: String, expected: String, isHostRoot: Bool) throws {
        let url = try BaseURL(parsing: raw)
        #expect(url.text == expected)
        #expect(url.description == expected)
        #expect(url.isHostRoot == isHostRoot)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("example.org/wiki", "not an absolute URL"),
        ("//example.org/", "not an absolute URL"),
        ("ftp://example.org/", "its scheme is \"ftp\"; a site is served over http or https"),
        ("file:///var/www/", "its scheme is \"file\""),
        ("https:///wiki/", "it has no host"),
        ("https://user:secret@example.org/", "user name or password"),
        ("https://example.org/?page=1", "query (?…) or a fragment (#…)"),
        ("https://example.org/wiki#top", "query (?…) or a fragment (#…)"),
        ("https://example.org?x", "query (?…) or a fragment (#…)"),
        ("https://example.org:99999/", "port \"99999\" is not a number from 1 to 65535"),
        ("https://example.org:/", "port \"\" is not a number"),
        ("https://example.org:http/", "port \"http\" is not a number"),
        ("https://exa mple.org/", "it contains a space"),
        (" https://example.org/", "it contains a space"),
        ("https://example.org/\twiki/", "it contains a control character"),
        ("https://ex\u{E4}mple.org/", "its host is not ASCII; write an international domain name in its ASCII form"),
        ("https://exa_mple!.org/", "its host holds \"_\""),
        ("https://[::1/", "no closing \"]\""),
        ("https://[::1]x/", "something other than \":port\""),
        ("https://example.org/a/../b/", "\".\" or \"..\" segment"),
        ("https://example.org/./", "\".\" or \"..\" segment"),
        ("https://example.org/a/%2e%2E/", "\".\" or \"..\" segment"),
        ("https://example.org/100%/", "\"%\" that is not followed by two hex digits; write \"%\" as %25"),
        ("https://example.org/%4", "\"%\" that is not followed by two hex digits"),
    ])
    func refuses(raw: String, problem: String) {
        #expect {
            try BaseURL(parsing: raw)
        } throws: { error in
            guard let error = error as? BaseURLError else { return false }
            return error.url == raw && error.problem.contains(problem)
                && "\(error)".hasPrefix("base URL \(MessageText.quoted(raw, limit: 200)): ")
        }
    }

    @Test func refusesURLsTooLongForSitemaps() throws {
        let longest = "https://example.org/" + String(repeating: "a", count: BaseURL.maximumLength - 21)
        #expect(try BaseURL(parsing: longest).text.utf8.count == BaseURL.maximumLength)
        #expect {
            try BaseURL(parsing: longest + "b")
        } throws: { error in
            "\(error)".contains("1025 bytes long; at most 1024") && "\(error)".contains("2,048 characters")
        }
    }

    @Test func messagesQuoteHostileTextSafely() {
        #expect {
            try BaseURL(parsing: "https://example.org/\u{1B}[31m")
        } throws: { error in
            !"\(error)".contains("\u{1B}") && "\(error)".contains("\\u{1B}")
        }
    }

    @Test func absoluteURLsEncodeEachComponentAsHrefsDo() throws {
        let base = try BaseURL(parsing: "https://example.org/wikis")
        let title = try #require(PageTitle("Café: notes"))
        let path = SiteLayout().page(title, inWiki: "5737529525067657")
        let file = SitePaths.pageFile(title)
        #expect(
            base.absoluteURL(of: path) == "https://example.org/wikis/5737529525067657/" + SitePaths.urlEncoded(file))
        #expect(base.absoluteURL(of: path).hasSuffix("/Caf%C3%A9-_notes~" + file.split(separator: "~")[1]))
        #expect(base.absoluteURL(of: SiteLayout.siteIndex) == "https://example.org/wikis/index.html")
        #expect(
            try BaseURL(parsing: "http://localhost:8000").absoluteURL(of: SiteLayout.stylesheet)
                == "http://localhost:8000/_assets/style.css")
    }
}
