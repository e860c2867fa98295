import Foundation

/// The file that marks a build state folder as a preview's, so that a preview and a published site
/// never share a folder.
///
/// | Command | State folder | Result |
/// |---|---|---|
/// | `serve` | new or empty | marked, then built |
/// | `serve` | marked | built |
/// | `serve` | not marked, not empty: `build` wrote it | refused |
/// | `build` | marked | refused |
public enum PreviewMark {
    /// The mark's file name, inside the state folder.
    static let fileName = "preview"

    /// Whether the state folder at `stateFolder` is a preview's.
    public static func isPreview(stateFolder: String) -> Bool {
        FileManager.default.fileExists(atPath: stateFolder + "/" + fileName)
    }

    /// Marks the state folder at `stateFolder` as a preview's, creating it when needed.
    ///
    /// - Throws: `ServeError.notAPreviewFolder` when the folder holds the state of a `build`.
    static func claim(stateFolder: String, outputFolder: String) throws {
        if isPreview(stateFolder: stateFolder) { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder)) ?? []
        guard contents.isEmpty else { throw ServeError.notAPreviewFolder(outputFolder: outputFolder) }
        try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        let text = "This build state is a preview's (wikisite serve); wikisite build refuses it.\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: stateFolder + "/" + fileName))
    }
}
