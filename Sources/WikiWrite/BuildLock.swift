import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The right to write into one output folder: an exclusive `flock` on `build.lock` in the build's
/// state folder, so that two builds never write into the same folder at once.
///
/// The lock file holds the holder's process ID while it is held and is emptied on release. The
/// system drops the lock of a process that dies, however it dies; its ID then stays in the file,
/// which is how the next holder learns that the previous build was interrupted.
public final class BuildLock: Sendable {
    /// The name of the lock file in the state folder.
    public static let fileName = "build.lock"

    /// The lock file's path.
    public let path: String
    /// Whether the previous holder ended without releasing the lock (it was killed or crashed):
    /// it may have left temporary files behind, so call
    /// `OutputFolder.removeStaleTemporaryFiles()` on the output folder and the state folder
    /// before writing.
    public let previousBuildWasInterrupted: Bool
    private let descriptor: Mutex<Int32?>

    private init(path: String, descriptor: Int32, previousBuildWasInterrupted: Bool) {
        self.path = path
        self.descriptor = Mutex(descriptor)
        self.previousBuildWasInterrupted = previousBuildWasInterrupted
    }

    /// Takes the lock of `stateFolder` (created if missing). When another process (or another
    /// `BuildLock` in this one) holds it, calls `waiting` once with a description of the holder
    /// (`"process 1234"`, or `"another process"` when it cannot tell) and then waits for it.
    /// Throws `WriteError` when the lock file cannot be opened or locked.
    public static func acquire(stateFolder: String, waiting: (_ holder: String) -> Void = { _ in })
        throws -> BuildLock
    {
        try createFolders(atPath: stateFolder, for: .lock)
        let path = stateFolder.hasSuffix("/") ? stateFolder + fileName : stateFolder + "/" + fileName
        let descriptor = retryingOnInterrupt {
            open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            if errno == ELOOP { throw WriteError(.lock, path, .symbolicLink(link: path)) }
            throw WriteError(.lock, path, .system(call: "open", code: errno))
        }
        do {
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    throw WriteError(.lock, path, .system(call: "flock", code: errno))
                }
                waiting(holder(recordedIn: descriptor))
                guard retryingOnInterrupt({ flock(descriptor, LOCK_EX) }) == 0 else {
                    throw WriteError(.lock, path, .system(call: "flock", code: errno))
                }
            }
            let interrupted = !contents(of: descriptor).isEmpty
            let record = Array("\(getpid())\n".utf8)
            guard ftruncate(descriptor, 0) == 0 else {
                throw WriteError(.lock, path, .system(call: "ftruncate", code: errno))
            }
            if let code = record.withUnsafeBytes({ writeAll($0, to: descriptor) }) {
                throw WriteError(.lock, path, .system(call: "write", code: code))
            }
            return BuildLock(path: path, descriptor: descriptor, previousBuildWasInterrupted: interrupted)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Releases the lock (also done when the lock is deinitialized); releasing twice is harmless.
    public func release() {
        descriptor.withLock { descriptor in
            guard let open = descriptor else { return }
            // Emptied first, while still held: an empty file means the holder ended normally.
            _ = ftruncate(open, 0)
            close(open)
            descriptor = nil
        }
    }

    deinit {
        release()
    }

    /// Who holds the lock, from the process ID its holder wrote into the file.
    private static func holder(recordedIn descriptor: Int32) -> String {
        let text = String(decoding: contents(of: descriptor), as: UTF8.self)
        guard let pid = Int32(text.filter { !$0.isWhitespace }) else { return "another process" }
        return "process \(pid)"
    }

    /// The first bytes of the lock file, without its trailing whitespace.
    private static func contents(of descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { raw in
            retryingOnInterrupt { pread(descriptor, raw.baseAddress!, raw.count, 0) }
        }
        guard count > 0 else { return [] }
        var bytes = buffer[..<count]
        while let last = bytes.last, [0x20, 0x0a, 0x0d, 0x09].contains(last) { bytes.removeLast() }
        return Array(bytes)
    }
}
