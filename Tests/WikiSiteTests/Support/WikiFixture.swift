import Foundation
import TemporaryFolders

/// A database written by a test: one wiki and its pages, as a bulk-docs dump.
struct WikiFixture {
    /// A page document.
    struct Page {
        var title: String
        var markdown: String = ""
        var createdAt: String? = nil
        var updatedAt: String? = nil
        var updatedBy: String? = nil
        var draft = false
        /// `_attachments`: name, then content type and base64 data.
        var attachments: [String: (contentType: String, base64: String)] = [:]
    }

    var wikiID = "1234"
    var title = "Fixture Wiki"
    var pages: [Page] = []

    /// The documents as JSON objects, the wiki first.
    var documents: [[String: Any]] {
        var documents: [[String: Any]] = [
            ["_id": wikiID, "_rev": "1-a", "type": "wiki", "title": title, "owner_id": "owner"]
        ]
        for page in pages {
            var document: [String: Any] = [
                "_id": wikiID + ":" + page.title, "_rev": "1-b", "type": "page", "wiki_id": wikiID,
                "markdown": page.markdown,
            ]
            if let createdAt = page.createdAt { document["created_at"] = createdAt }
            if let updatedAt = page.updatedAt { document["updated_at"] = updatedAt }
            if let updatedBy = page.updatedBy { document["updated_by"] = updatedBy }
            if page.draft { document["draft"] = true }
            if !page.attachments.isEmpty {
                document["_attachments"] = page.attachments.mapValues {
                    ["content_type": $0.contentType, "data": $0.base64]
                }
            }
            documents.append(document)
        }
        return documents
    }

    /// Writes the dump into `folder` as `name`, documents in the given order, and returns its path.
    func write(to folder: TemporaryFolder, as name: String = "fixture.json", order: [[String: Any]]? = nil) throws
        -> String
    {
        let data = try JSONSerialization.data(withJSONObject: ["docs": order ?? documents], options: [.sortedKeys])
        return try folder.write(String(decoding: data, as: UTF8.self), to: name)
    }

    /// `count` pages `Page 0001`… with no links, updated one minute apart (the last one newest).
    static func numberedPages(_ count: Int) -> [Page] {
        (0..<count).map { index in
            let minute = String(format: "%02d", index % 60)
            let hour = String(format: "%02d", index / 60 % 24)
            let day = String(format: "%02d", index / 1440 + 1)
            let time = "2020-01-\(day)T\(hour):\(minute):00Z"
            return Page(
                title: String(format: "Page %04d", index), markdown: "Page number \(index).", createdAt: time,
                updatedAt: time, updatedBy: "user\(index % 3)")
        }
    }
}
