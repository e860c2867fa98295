import Foundation

/// Replays inputs through a fuzz target without libFuzzer: the regression runner that the
/// tests and CI use, and a way to rerun a crash libFuzzer found.
public enum RegressionReplay {
    /// The inputs replayed when none is named: the seed corpus and the regressions of `target`
    /// in this checkout, the folders that exist.
    public static func defaultFolders(of target: FuzzTarget) -> [String] {
        [seedFolder(of: target), regressionFolder(of: target)].filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// `Fuzz/Corpus/<target>` in this checkout: the seeds.
    public static func seedFolder(of target: FuzzTarget) -> String {
        fuzzFolder.appending(path: "Corpus").appending(path: target.rawValue).path
    }

    /// `Fuzz/Regressions/<target>` in this checkout: the inputs that once failed.
    public static func regressionFolder(of target: FuzzTarget) -> String {
        fuzzFolder.appending(path: "Regressions").appending(path: target.rawValue).path
    }

    private static var fuzzFolder: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The files `paths` name: a file itself, a folder every regular file below it; sorted by
    /// path in byte order within each folder.
    ///
    /// - Throws: ``ReplayError`` when a path does not exist.
    public static func inputFiles(_ paths: [String]) throws(ReplayError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ReplayError("\(path): no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let inside = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            for relative in inside.sorted(by: { $0.precedesInByteOrder($1) }) {
                let file = (path as NSString).appendingPathComponent(relative)
                var isInsideFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: file, isDirectory: &isInsideFolder), !isInsideFolder.boolValue
                {
                    files.append(file)
                }
            }
        }
        return files
    }

    /// Runs `target` on the contents of each of `files`, writing a line per file to standard
    /// error (before running it, so a crash shows which input it was), and returns how many
    /// broke an invariant.
    ///
    /// - Throws: ``ReplayError`` when a file cannot be read.
    public static func replay(_ files: [String], through target: FuzzTarget) throws(ReplayError) -> Int {
        var failures = 0
        for file in files {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw ReplayError("\(file): cannot be read")
            }
            report("\(target.rawValue): \(file)")
            // An allocation of exactly the input's size, as libFuzzer hands it over.
            let input = UnsafeMutableRawBufferPointer.allocate(byteCount: contents.count, alignment: 1)
            defer { input.deallocate() }
            contents.copyBytes(to: input)
            do {
                try target.run(UnsafeRawBufferPointer(input))
            } catch {
                failures += 1
                report("FAILED \(file): \(error)")
            }
        }
        return failures
    }

    /// The regression runner's `main`: replays the files and folders in `arguments`, or the
    /// default folders when there are none; returns the exit status (0 when every input passed).
    static func main(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        do {
            let files = try inputFiles(arguments.isEmpty ? defaultFolders(of: target) : arguments)
            let failures = try replay(files, through: target)
            report("\(target.rawValue): \(files.count) inputs replayed, \(failures) failed")
            return failures == 0 ? 0 : 1
        } catch {
            report("\(target.rawValue): \(error)")
            return 2
        }
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A regression input that cannot be found or read.
public struct ReplayError: Error, CustomStringConvertible {
    /// The path and what is wrong with it.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
