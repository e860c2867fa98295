#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `call` until it is not interrupted by a signal (`EINTR`); returns its last result.
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}

/// Writes all of `bytes` to `descriptor`, through short writes and interruptions; returns `nil`
/// on success, the `errno` value otherwise.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let chunk = min(bytes.count - offset, 1 << 30)
        let written = retryingOnInterrupt { write(descriptor, bytes.baseAddress! + offset, chunk) }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        offset += written
    }
    return nil
}

/// Whether the file open at `descriptor` is a regular file holding exactly `bytes`. Any failure
/// to tell counts as "no": the caller then writes the file.
func fileContent(of descriptor: Int32, equals bytes: UnsafeRawBufferPointer) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        Int(status.st_size) == bytes.count
    else { return false }
    let chunkSize = 64 * 1024
    return withUnsafeTemporaryAllocation(byteCount: chunkSize, alignment: 16) { buffer in
        var offset = 0
        while offset < bytes.count {
            let wanted = min(chunkSize, bytes.count - offset)
            let count = retryingOnInterrupt { read(descriptor, buffer.baseAddress!, wanted) }
            if count <= 0 { return false }
            if memcmp(buffer.baseAddress!, bytes.baseAddress! + offset, count) != 0 { return false }
            offset += count
        }
        return true
    }
}

/// The type bits (`S_IFMT`) of `name` in the folder `directory`, without following a link;
/// `nil` when it cannot be examined.
func entryType(of name: String, in directory: Int32) -> mode_t? {
    var status = stat()
    guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return status.st_mode & S_IFMT
}

/// Creates the folder at `path` and any missing parents, following links the user put on the
/// way (the path is the user's choice, not a document's).
func createFolders(atPath path: String, for action: WriteError.Action) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
            throw WriteError(action, prefix, .system(call: "mkdir", code: errno))
        }
        prefix += "/"
    }
}

/// The whole content of the file at `path`, or `nil` when there is no such file.
func readFile(atPath path: String) throws -> [UInt8]? {
    let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
    if descriptor < 0 {
        if errno == ENOENT { return nil }
        throw WriteError(.read, path, .system(call: "open", code: errno))
    }
    defer { close(descriptor) }
    var content: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { buffer in
            retryingOnInterrupt { read(descriptor, buffer.baseAddress!, buffer.count) }
        }
        if count < 0 { throw WriteError(.read, path, .system(call: "read", code: errno)) }
        if count == 0 { return content }
        content.append(contentsOf: chunk[..<count])
    }
}
