import Foundation
import Testing
import WikiDocuments
import WikiModel

@testable import WikiPages
@testable import WikiSite

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Wikis and pages built from documents by hand, for the sitemap and feed tests.
enum FeedFixtures {
    static let base = try! BaseURL(parsing: "https://example.org/wikis/")

    /// A document with `_id`, `_rev` and `fields`.
    static func document(_ id: String, rev: String = "1-a", _ fields: [(String, JSONValue)]) -> Document {
        let members =
            [(key: "_id", value: JSONValue.string(id)), (key: "_rev", value: .string(rev))]
            + fields.map { (key: $0.0, value: $0.1) }
        return Document(
            id: id, revisionText: rev, isDeleted: false, body: JSONObject(members),
            origin: DocumentOrigin(source: "test.json", line: 1))
    }

    /// A wiki document.
    static func wiki(
        _ id: String, title: String = "A wiki", owner: String? = "owner", updated: String? = nil
    ) -> Document {
        var fields: [(String, JSONValue)] = [("type", .string("wiki")), ("title", .string(title))]
        if let owner { fields.append(("owner_id", .string(owner))) }
        if let updated { fields.append(("updated_at", .string(updated))) }
        return document(id, fields)
    }

    /// A page document of `wikiID` titled `title`.
    static func page(
        _ wikiID: String, _ title: String, rev: String = "1-a", updated: String? = nil, created: String? = nil,
        by user: String? = nil, draft: Bool = false, markdown: String = "Body"
    ) -> Document {
        var fields: [(String, JSONValue)] = [
            ("type", .string("page")), ("wiki_id", .string(wikiID)), ("markdown", .string(markdown)),
        ]
        if let updated { fields.append(("updated_at", .string(updated))) }
        if let created { fields.append(("created_at", .string(created))) }
        if let user { fields.append(("updated_by", .string(user))) }
        if draft { fields.append(("draft", .bool(true))) }
        return document(wikiID + ":" + title, rev: rev, fields)
    }

    /// The database built from `documents`, in order.
    static func database(_ documents: [Document]) -> WikiDatabase {
        var builder = WikiDatabaseBuilder()
        for document in documents { builder.add(document) }
        return builder.build()
    }

    /// The discovery files of every wiki of `database`, with a body naming the page.
    static func files(
        _ database: WikiDatabase, base: BaseURL = base, limits: SitemapLimits = .protocolMaximum, feedLength: Int = 50
    ) -> [SiteFile] {
        SiteDiscovery(baseURL: base, sitemapLimits: limits, feedLength: feedLength).files(
            for: database.wikis, in: database
        ) { page, _ in "<p>Body of \(page.title.text)</p>" }.files
    }
}

extension [SiteFile] {
    /// The file at `path` (`/`-separated), parsed.
    func xml(_ path: String) throws -> ParsedElement {
        let file = try #require(first { $0.path.description == path }, "no file \(path) in \(map(\.path.description))")
        return try ParsedElement.parse(file.bytes)
    }

    /// The paths of the files, `/`-separated.
    var paths: [String] { map(\.path.description) }
}

/// An element of a parsed XML document: name, attributes, children, and its own text.
final class ParsedElement {
    let name: String
    let attributes: [String: String]
    private(set) var children: [ParsedElement] = []
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The children named `name`.
    func all(_ name: String) -> [ParsedElement] { children.filter { $0.name == name } }

    /// The first child named `name`.
    func first(_ name: String) throws -> ParsedElement {
        try #require(children.first { $0.name == name }, "<\(self.name)> has no <\(name)>")
    }

    /// The text of the first child named `name`.
    func text(of name: String) throws -> String { try first(name).text }

    fileprivate func append(_ child: ParsedElement) { children.append(child) }

    /// Parses `bytes` with Foundation's `XMLParser` (libxml2 on Linux); fails the test when
    /// the document is not well-formed. Names are as written (`xmlns`, `xml:base` are
    /// attributes).
    static func parse(_ bytes: [UInt8]) throws -> ParsedElement {
        let parser = XMLParser(data: Data(bytes))
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        #expect(parsed, "not well-formed XML: \(String(describing: parser.parserError))")
        #expect(parser.parserError == nil)
        return try #require(builder.root, "no root element")
    }
}

/// Collects `XMLParser`'s events into `ParsedElement`s.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: ParsedElement?
    private var stack: [ParsedElement] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let node = ParsedElement(name: elementName, attributes: attributes)
        if let parent = stack.last { parent.append(node) } else { root = node }
        stack.append(node)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
