import Foundation
import Testing

@testable import WikiWrite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct DiskFullTests {
    /// The write loop against `/dev/full`, where every write fails with ENOSPC: the real system
    /// call path, and the message the user sees.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceReportsTheDiskIsFull() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let code = [UInt8](repeating: 1, count: 10).withUnsafeBytes { writeAll($0, to: descriptor) }
        #expect(code == ENOSPC)
        let error = WriteError(.write, "/site/w/page.html", .system(call: "write", code: ENOSPC))
        #expect(error.isOutOfSpace)
        #expect(
            error.description.hasPrefix(
                "cannot write /site/w/page.html: the disk is full; free some space"))
        #expect(error.description.contains("in write"))
    }

    /// A real full file system: a 64 KiB tmpfs, when this process may mount one (root on Linux).
    @Test(.enabled(if: SmallFileSystem.canMount))
    func aFullFileSystemStopsTheWriteAndKeepsTheOldFile() throws {
        let mountPoint = try TemporaryFolder()
        try SmallFileSystem.mount(at: mountPoint.path)
        defer { SmallFileSystem.unmount(mountPoint.path) }

        let folder = try OutputFolder(root: mountPoint.at("site"))
        try folder.write("old page", to: "w/page.html")
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 256 * 1024)
        let error = try #require(throws: WriteError.self) { try folder.write(large, to: "w/page.html") }
        #expect(error.isOutOfSpace)
        #expect(error.description.contains("the disk is full"))
        #expect(error.description.contains(mountPoint.at("site/w/page.html")))
        #expect(try contents(mountPoint.at("site/w/page.html")) == Array("old page".utf8))
        #expect(try tree(mountPoint.path) == ["site/", "site/w/", "site/w/page.html"])
    }
}

/// Mounting a tiny tmpfs, to fill it up.
enum SmallFileSystem {
    static let canMount: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"),
            let probe = try? TemporaryFolder(), (try? mount(at: probe.path)) != nil
        else { return false }
        unmount(probe.path)
        return true
    }()

    static func mount(at path: String) throws {
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", path]) == 0 else {
            throw POSIXError(.EPERM)
        }
    }

    static func unmount(_ path: String) {
        _ = run("/bin/umount", [path])
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
