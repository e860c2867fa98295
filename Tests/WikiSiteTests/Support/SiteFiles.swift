import Foundation
import Testing

/// A built site's files, read as a reader's browser would reach them.
struct SiteFiles {
    let root: URL

    /// The text of the file at `relative` (below the output folder).
    func html(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Whether the file `relative` exists.
    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    /// The path (below the output folder) an href of the file `from` leads to, fragment dropped.
    func resolve(_ href: String, from: String) throws -> String {
        let path = String(href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let decoded = try #require(path.removingPercentEncoding)
        var components = from.split(separator: "/").dropLast().map(String.init)
        for part in decoded.split(separator: "/") {
            if part == ".." { components.removeLast() } else if part != "." { components.append(String(part)) }
        }
        return components.joined(separator: "/")
    }

    /// The file of the page titled `title` in `wiki`, found through the wiki's first all-pages file.
    func pageFile(_ title: String, in wiki: String) throws -> String {
        let list = "\(wiki)/_special/all-pages.html"
        let link = try #require(
            HTMLElements.elements("a", in: try html(list)).first { $0.text == title },
            "no entry \"\(title)\" in \(list)")
        return try resolve(try #require(link.attributes["href"]), from: list)
    }
}
