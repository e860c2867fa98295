/// A path inside the output folder, checked: `/`-separated components, each a plain name.
///
/// wikisite's own path scheme produces these paths, but they are checked again here, so that no
/// bug upstream can ever make a write land outside the output folder.
struct RelativePath {
    /// The path as given.
    let text: String
    /// Its components: the folders, then the file name.
    let components: [String]

    /// The longest file name most file systems accept, in bytes.
    static let maximumComponentLength = 255

    /// Checks `text`; throws `WriteError.Problem.invalidPath` naming it when it is not a plain
    /// relative path.
    init(_ text: String, for action: WriteError.Action) throws {
        try Self.check(text, for: action)
        self.text = text
        components = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Throws what `init(_:for:)` throws for `text`, without making its components: for the
    /// checks of every path a manifest lists.
    static func check(_ text: String, for action: WriteError.Action) throws {
        var bytes = text
        if let reason = bytes.withUTF8(problem(in:)) {
            throw WriteError(action, text, .invalidPath(reason: reason))
        }
    }

    /// What makes the UTF-8 path `bytes` no plain relative path, or nil.
    private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.isEmpty { return "the path is empty" }
        if bytes[0] == UInt8(ascii: "/") { return "it is absolute; output paths are relative to the output folder" }
        if bytes.contains(0) { return "it contains a NUL character" }
        if bytes.contains(UInt8(ascii: "\\")) { return "it contains a backslash, a path separator on Windows" }
        var start = 0
        while true {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            if let problem = problem(inComponent: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                return problem
            }
            guard end < bytes.count else { return nil }
            start = end + 1
        }
    }

    /// What makes `component`, a component of a path, no plain name, or nil.
    private static func problem(inComponent component: UnsafeBufferPointer<UInt8>) -> String? {
        if component.isEmpty { return "it has an empty component" }
        if component.elementsEqual(".".utf8) || component.elementsEqual("..".utf8) {
            return "it has a \"\(String(decoding: component, as: UTF8.self))\" component"
        }
        if component.count > maximumComponentLength {
            return "a component is \(component.count) bytes long; the limit is \(maximumComponentLength)"
        }
        if TemporaryName.matches(component) { return "the name is reserved for wikisite's temporary files" }
        return nil
    }

    /// The folders leading to the file, outermost first.
    var folders: ArraySlice<String> { components.dropLast() }

    /// The file's own name.
    var name: String { components[components.count - 1] }
}
