import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder under the system's temporary folder, removed (without following links) when
/// the test lets go of it.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base =
            NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + "wikiwrite-test-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno)!) }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `relative` inside the folder.
    func at(_ relative: String) -> String {
        path + "/" + relative
    }
}

/// Every entry under `path`, relative to it, sorted by bytes; folders end with `/`, links with
/// ` -> target`. Links are listed, never followed.
func tree(_ path: String) throws -> [String] {
    var entries: [String] = []
    func walk(_ relative: String) throws {
        let folder = relative.isEmpty ? path : path + "/" + relative
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let child = relative.isEmpty ? name : relative + "/" + name
            let full = path + "/" + child
            let type = try FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                entries.append(
                    child + " -> " + (try FileManager.default.destinationOfSymbolicLink(atPath: full)))
            case .typeDirectory?:
                entries.append(child + "/")
                try walk(child)
            default:
                entries.append(child)
            }
        }
    }
    try walk("")
    return entries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

/// The bytes of the file at `path`, following nothing special.
func contents(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Writes `text` to `path` directly, bypassing wikisite.
func plant(_ text: String, at path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// `lstat` of `path`: what is there, not what a link points to.
func status(_ path: String) -> stat? {
    var result = stat()
    return lstat(path, &result) == 0 ? result : nil
}

/// Whether any temporary file of a write is anywhere in `entries`.
func hasTemporaryFiles(_ entries: [String]) -> Bool {
    entries.contains { $0.split(separator: "/").last?.hasPrefix(".wikisite-") == true }
}
