#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file, for as long as a closure runs: memory-mapped when it is a regular file (so
/// a dump of any size is paged in by the system, never copied, and handed back as it is read, see
/// ``PageReleaser``), read into memory when it is a pipe or another stream.
enum FileContents {
    static func withBytes<Result>(
        ofFile path: String, _ body: (UnsafeRawBufferPointer, PageReleaser?) throws -> Result
    ) throws -> Result {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DumpFileError(path: path, reason: lastSystemError()) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DumpFileError(path: path, reason: lastSystemError()) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw DumpFileError(path: path, reason: "it is a folder, not a dump file")
        case S_IFREG:
            return try withMapping(of: descriptor, size: Int(status.st_size), path: path, body)
        default:
            return try readToEnd(descriptor, path: path).withUnsafeBytes { try body($0, nil) }
        }
    }

    /// Whether `path` is a regular file, which can be read again and again (not a pipe or another
    /// stream, which a reading consumes).
    static func isRegularFile(atPath path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private static func withMapping<Result>(
        of descriptor: Int32, size: Int, path: String, _ body: (UnsafeRawBufferPointer, PageReleaser?) throws -> Result
    ) throws -> Result {
        guard size > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0), nil) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { throw DumpFileError(path: path, reason: lastSystemError()) }
        defer { munmap(address, size) }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        return try body(UnsafeRawBufferPointer(start: address, count: size), PageReleaser(mapping: address))
    }

    /// The rest of the file open at `descriptor`, read until its end.
    static func readToEnd(_ descriptor: Int32, path: String) throws(DumpFileError) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                contents.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return contents
            } else if errno != EINTR {
                throw DumpFileError(path: path, reason: lastSystemError())
            }
        }
    }

    private static func lastSystemError() -> String {
        String(cString: strerror(errno))
    }
}

/// Gives the pages of a mapped file back to the system once the reader is past them, so that reading
/// a dump of any size keeps only a window of it resident. Touching a released page again is still
/// correct (it is read back from the file), only slower.
struct PageReleaser {
    private let mapping: UnsafeMutableRawPointer
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    private var released = 0
    /// How much must have been read past the last release before releasing again.
    private static let batch = 32 << 20

    init(mapping: UnsafeMutableRawPointer) {
        self.mapping = mapping
    }

    /// Releases the pages entirely before `offset`.
    mutating func release(before offset: Int) {
        let end = offset / pageSize * pageSize
        guard end - released >= Self.batch else { return }
        _ = madvise(mapping + released, end - released, MADV_DONTNEED)
        released = end
    }
}
