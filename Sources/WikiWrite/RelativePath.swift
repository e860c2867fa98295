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
        func refuse(_ reason: String) -> WriteError {
            WriteError(action, text, .invalidPath(reason: reason))
        }
        if text.isEmpty { throw refuse("the path is empty") }
        if text.utf8.first == UInt8(ascii: "/") {
            throw refuse("it is absolute; output paths are relative to the output folder")
        }
        if text.utf8.contains(0) { throw refuse("it contains a NUL character") }
        if text.utf8.contains(UInt8(ascii: "\\")) {
            throw refuse("it contains a backslash, a path separator on Windows")
        }
        let components = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for component in components {
            if component.isEmpty { throw refuse("it has an empty component") }
            if component.elementsEqual(".".utf8) || component.elementsEqual("..".utf8) {
                throw refuse("it has a \"\(String(decoding: component, as: UTF8.self))\" component")
            }
            if component.count > Self.maximumComponentLength {
                throw refuse(
                    "a component is \(component.count) bytes long; the limit is \(Self.maximumComponentLength)"
                )
            }
            if TemporaryName.matches(component) {
                throw refuse("the name is reserved for wikisite's temporary files")
            }
        }
        self.text = text
        self.components = components.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folders leading to the file, outermost first.
    var folders: ArraySlice<String> { components.dropLast() }

    /// The file's own name.
    var name: String { components[components.count - 1] }
}
