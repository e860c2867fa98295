import Foundation
import WikiBuildEngine

/// A file in which two sites differ.
public struct SiteDifference: Sendable, Equatable, CustomStringConvertible {
    /// How the file differs.
    public enum Kind: String, Sendable {
        /// Only the first site has it.
        case onlyInFirst = "only in the incremental build"
        /// Only the second site has it.
        case onlyInSecond = "only in the clean build"
        /// Both have it, with different bytes.
        case contentsDiffer = "contents differ"
    }

    /// The file, relative to the sites' folders.
    public let path: String
    /// How it differs.
    public let kind: Kind

    /// `wiki/Page.html: contents differ`.
    public var description: String { "\(path): \(kind.rawValue)" }
}

/// Compares two sites byte for byte, file by file: what `--verify` checks an incremental build
/// with. Hidden files (a name starting with `.`, such as a temporary file) are not part of a site.
public enum SiteComparison {
    /// The files in which the sites in `first` and `second` differ, by path in byte order;
    /// empty when they are the same.
    public static func differences(between first: String, and second: String) throws -> [SiteDifference] {
        let firstFiles = try files(in: first)
        let secondFiles = try files(in: second)
        var differences: [SiteDifference] = []
        for path in Set(firstFiles).union(secondFiles).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            switch (firstFiles.contains(path), secondFiles.contains(path)) {
            case (true, false): differences.append(SiteDifference(path: path, kind: .onlyInFirst))
            case (false, true): differences.append(SiteDifference(path: path, kind: .onlyInSecond))
            default:
                let one = FileManager.default.contents(atPath: first + "/" + path)
                let other = FileManager.default.contents(atPath: second + "/" + path)
                if one != other { differences.append(SiteDifference(path: path, kind: .contentsDiffer)) }
            }
        }
        return differences
    }

    /// The regular files below `folder`, as paths relative to it, hidden ones left out.
    private static func files(in folder: String) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        var files: Set<String> = []
        let root = URL(fileURLWithPath: folder)
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let prefix = root.standardizedFileURL.path.count + 1
        for case let url as URL in walker
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files.insert(String(url.standardizedFileURL.path.dropFirst(prefix)))
        }
        return files
    }
}

extension SiteBuilder {
    /// Builds the site (incrementally when the state allows), then builds it again from scratch
    /// into a temporary folder, and compares the two byte for byte. Returns the summary of the
    /// first build and the files in which the two differ: any is a bug of incremental builds.
    public func buildAndVerify() throws -> (summary: BuildSummary, differences: [SiteDifference]) {
        let summary = try build()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wikisite-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var clean = options
        clean.outputFolder = scratch.appendingPathComponent("site").path
        clean.stateFolder = scratch.appendingPathComponent("state").path
        clean.fullBuild = true
        _ = try SiteBuilder(options: clean).build()
        let differences = try SiteComparison.differences(between: options.outputFolder, and: clean.outputFolder)
        return (summary, differences)
    }
}
