import Foundation
import SplitMix64

/// A TouchWiki database a test edits step by step, as an application syncing with CouchDB would:
/// every save is a new revision; deleting leaves a tombstone; two replicas may save the same
/// revision generation, which makes a conflict. Written as a bulk-docs dump.
struct EditableDatabase {
    /// One document with its leaf revisions (more than one: a conflict).
    struct StoredDocument {
        var leaves: [[String: Any]]
        var generation: Int
    }

    /// The titles pages are given and link to: some exist, some do not.
    static let titles = [
        "Alpha", "Beta", "Gamma Ray", "Delta", "Café", "C++: Notes", "epsilon", "Zeta Function", "Eta", "Theta",
    ]
    /// Other titles pages give themselves in front matter (`aliases`), which pages link to too;
    /// pages give the titles above as aliases as well, so aliases collide with titles and with
    /// each other.
    static let aliasNames = ["Nick", "Other Name"]
    /// The wikis.
    static let wikiIDs = ["w1", "w2"]

    private(set) var documents: [String: StoredDocument] = [:]
    private var clock = 0

    /// Two wikis with a few linked pages each.
    init(using random: inout SplitMix64) {
        for wiki in Self.wikiIDs {
            save(wiki, ["type": "wiki", "title": "Wiki \(wiki)", "owner_id": "owner", "markdown": "About [[Alpha]]."])
            for title in Self.titles.shuffled(using: &random).prefix(4) {
                save(page(title, in: wiki), pageBody(title, in: wiki, using: &random))
            }
        }
    }

    /// The `_id` of page `title` of `wiki`.
    func page(_ title: String, in wiki: String) -> String { wiki + ":" + title }

    /// Whether the document's winner (the last saved leaf) is live.
    func isLive(_ id: String) -> Bool {
        guard let document = documents[id] else { return false }
        return document.leaves.last?["_deleted"] as? Bool != true
    }

    /// Saves a new revision of `id` with `fields`, replacing its leaves.
    mutating func save(_ id: String, _ fields: [String: Any]) {
        let generation = (documents[id]?.generation ?? 0) + 1
        var body = fields
        body["_id"] = id
        body["_rev"] = "\(generation)-\(String(format: "%08x", generation * 7919 + id.utf8.count))"
        documents[id] = StoredDocument(leaves: [body], generation: generation)
    }

    /// Adds a second leaf of the same generation to a live document: a conflict, whose winner is
    /// the greater hash.
    mutating func addConflict(to id: String, using random: inout SplitMix64) {
        guard var document = documents[id], var body = document.leaves.last else { return }
        body["_rev"] =
            "\(document.generation)-\(String(format: "%08x", Int.random(in: 0..<0xFFFF_FFFF, using: &random)))"
        if body["type"] as? String == "page" { body["markdown"] = "Conflicting text. [[Beta]]" }
        if body["type"] as? String == "wiki" { body["title"] = "Conflicting title" }
        document.leaves.append(body)
        documents[id] = document
    }

    /// Deletes `id`: a tombstone.
    mutating func delete(_ id: String) {
        save(id, ["_deleted": true])
    }

    /// Lines whose words the search index folds, pairs or keeps out: accents and case, Chinese,
    /// a heading with markup, a comment, a hostile title.
    static let searchText = [
        "Le CAFÉ et le café.", "搜索引擎 and カタカナ.", "### Héading *one*", "Seen %%hidden words%% here.",
        "A </script> and \u{2028} in text.",
    ]

    /// The tags pages are given, in several cases and nestings.
    static let tagNames = ["topic", "Topic", "topic/sub", "other", "Other/Deep/er"]

    /// The body of a page with random links, headings, tags, dates and front matter (a title,
    /// tags, a draft with tags and aliases, aliases, or YAML that cannot be read).
    mutating func pageBody(_ title: String, in wiki: String, using random: inout SplitMix64) -> [String: Any] {
        clock += 1
        var lines = ["# \(title)", ""]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let target = (Self.titles + Self.aliasNames).randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0: lines.append("See [[\(target)]].")
            case 8: lines.append("Filed under #\(Self.tagNames.randomElement(using: &random)!), not `#code` nor #1984.")
            case 9: lines.append("- #\(Self.tagNames.randomElement(using: &random)!)/\(target)")
            case 6: lines.append("A block of \(title). ^b\(Int.random(in: 1...2, using: &random))")
            case 7: lines.append("See [[\(target)#^b\(Int.random(in: 1...2, using: &random))]] and ![[\(target)#^b1]].")
            case 4: lines.append("![[\(target)]]")
            case 5: lines.append(Bool.random(using: &random) ? "![[pic.png]]" : "![[pic.svg]]")
            case 1: lines.append("See [[\(target)#\(target)|the heading]].")
            case 2: lines.append("## Part \(Int.random(in: 1...3, using: &random))")
            case 3: lines.append(Self.searchText.randomElement(using: &random)!)
            default: lines.append("Plain text about \(target) and [[#\(title)]].")
            }
        }
        let alias = (Self.aliasNames + Self.titles).randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0: lines.insert(contentsOf: ["---", "title: Shown \(title)", "---"], at: 0)
        case 1: lines.insert(contentsOf: ["---", "draft: true", "tags: [a, b]", "aliases: [\(alias)]", "---"], at: 0)
        case 2: lines.insert(contentsOf: ["---", "title: [unclosed", "---"], at: 0)
        case 3:
            let tags = Self.tagNames.shuffled(using: &random).prefix(2).joined(separator: ", ")
            lines.insert(contentsOf: ["---", "tags: [\(tags)]", "---"], at: 0)
        case 4:
            lines.insert(contentsOf: ["---", "tags: \(Self.tagNames.randomElement(using: &random)!)", "---"], at: 0)
        case 5: lines.insert(contentsOf: ["---", "aliases: [\(alias), \(Self.aliasNames[0])]", "---"], at: 0)
        case 6: lines.insert(contentsOf: ["---", "alias: \(alias)", "---"], at: 0)
        default: break
        }
        var body: [String: Any] = [
            "type": "page", "wiki_id": wiki, "markdown": lines.joined(separator: "\n"),
            "created_at": "2024-01-01T00:00:00Z",
            "updated_at": Self.timestamp(at: clock),
            "updated_by": ["ann", "bob", "cy"].randomElement(using: &random)!,
        ]
        if Int.random(in: 0..<8, using: &random) == 0 { body["draft"] = true }
        if Bool.random(using: &random) {
            let data = Data("picture \(clock)".utf8).base64EncodedString()
            body["_attachments"] = [
                "pic.png": ["content_type": "image/png", "data": data],
                "pic.svg": ["content_type": "image/svg+xml", "data": drawing(broken: Bool.random(using: &random))],
            ]
        }
        return body
    }

    /// The base64 of an SVG attachment: a drawing with a script and an `onload` to clean away,
    /// or, `broken`, one that is not XML and is skipped with a warning.
    func drawing(broken: Bool) -> String {
        let svg =
            broken
            ? "<svg><text>\(clock)"
            : "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><script>alert(2)</script>"
                + "<text>\(clock)</text></svg>"
        return Data(svg.utf8).base64EncodedString()
    }

    /// The `updated_at` of an edit: later than that of every edit before it (for the first 672).
    mutating func nextUpdatedAt() -> String {
        clock += 1
        return Self.timestamp(at: clock)
    }

    /// The timestamp of the edit made at `clock`: an hour later for each tick.
    private static func timestamp(at clock: Int) -> String {
        String(format: "2024-02-%02dT%02d:00:00Z", 1 + clock / 24 % 28, clock % 24)
    }

    /// The dump: every leaf of every document, in a stable order, in `{"docs":[…]}`, or as a
    /// couchbackup file (an array of at most four leaves a line). `pick` chooses the leaves a
    /// document has in this dump, given its ID and its leaves (all of them by default).
    func dump(
        asCouchbackup: Bool = false, picking pick: (String, [[String: Any]]) -> [[String: Any]] = { $1 }
    ) throws -> String {
        let leaves = documents.keys.sorted().flatMap { pick($0, documents[$0]!.leaves) }
        guard asCouchbackup else {
            let data = try JSONSerialization.data(withJSONObject: ["docs": leaves], options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        return try stride(from: 0, to: leaves.count, by: 4).map { start in
            let line = Array(leaves[start..<min(start + 4, leaves.count)])
            return String(
                decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }
}
