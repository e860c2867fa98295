/// `/`-separated paths inside a folder (`guide/Install`), and where a relative path leads from one
/// of its folders.
public enum RelativePath {
    /// The path from the folder's top that `relative` (`../img/a.png`, `./a.png`, `a.png`) names
    /// when followed from the folder `folder` (empty: the top); nil when it climbs out of the
    /// folder (`../a.png` at the top).
    public static func join(_ folder: String, _ relative: String) -> String? {
        var components = folder.split(separator: "/").map(String.init)
        for component in relative.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
