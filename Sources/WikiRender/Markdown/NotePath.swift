import WikiDocuments
import WikiModel

/// Paths between the notes of a folder wiki, whose titles are their paths without `.md`
/// (`guide/Install`): where a relative path written in one note leads.
public enum NotePath {
    /// The path from the folder's top that `relative` (`../guide/Install`, `./Install`, `Install`)
    /// names when written in note `page` (nil: the wiki's home, at the top); nil when it climbs
    /// out of the folder (`../README` at the top), to a file that is not the wiki's.
    public static func resolve(_ relative: String, from page: PageTitle?) -> String? {
        RelativePath.join(page.map { folder(of: $0.text) } ?? "", relative)
    }

    /// The folder of a note's path: everything before its last `/`, empty at the top.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
