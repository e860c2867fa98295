import WikiDocuments

@testable import WikiModel

/// Documents built by hand, as a dump reader would deliver them.
enum TestDocuments {
    static let origin = DocumentOrigin(source: "test.json", line: 1)

    /// A document with `_id`, `_rev`, `_deleted` when deleted, then `fields`.
    static func document(
        _ id: String, rev: String? = "1-a", deleted: Bool = false, _ fields: [(String, JSONValue)] = [],
        origin: DocumentOrigin = origin, hadInvalidText: Bool = false
    ) -> Document {
        var members: [(key: String, value: JSONValue)] = [("_id", .string(id))]
        if let rev { members.append(("_rev", .string(rev))) }
        if deleted { members.append(("_deleted", .bool(true))) }
        members += fields.map { (key: $0.0, value: $0.1) }
        return Document(
            id: id, revisionText: rev, isDeleted: deleted, body: JSONObject(members), origin: origin,
            hadInvalidText: hadInvalidText)
    }

    /// A wiki document.
    static func wiki(
        _ id: String, rev: String = "1-a", title: String = "A wiki", _ extra: [(String, JSONValue)] = []
    ) -> Document {
        document(id, rev: rev, [("type", .string("wiki")), ("title", .string(title))] + extra)
    }

    /// A page document of wiki `wikiID` titled `title` as written in its `_id`.
    static func page(
        _ wikiID: String, _ title: String, rev: String = "1-a", markdown: String = "Body",
        _ extra: [(String, JSONValue)] = [], origin: DocumentOrigin = origin
    ) -> Document {
        document(
            wikiID + ":" + title, rev: rev,
            [("type", .string("page")), ("wiki_id", .string(wikiID)), ("markdown", .string(markdown))] + extra,
            origin: origin)
    }

    /// The database built from `documents`, in order.
    static func database(_ documents: [Document], includesDrafts: Bool = false) -> WikiDatabase {
        var builder = WikiDatabaseBuilder(includesDrafts: includesDrafts)
        for document in documents { builder.add(document) }
        return builder.build()
    }

    /// The title, which the test knows to be valid.
    static func title(_ text: String) -> PageTitle {
        guard let title = PageTitle(text) else { preconditionFailure("not a title: \(text)") }
        return title
    }
}

extension WikiDatabase {
    /// The reason `id` was skipped, when it was (the first, in order).
    func skipReason(_ id: String) -> String? {
        skipped.first { $0.documentID.isExactly(id) }?.reason
    }

    /// The exact titles of the published pages of `wikiID`.
    func titles(inWiki wikiID: String) -> [String] {
        pages(inWiki: wikiID).map(\.title.text)
    }
}
