import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of scratch space for texts a build keeps out of memory until it needs them again:
/// texts are appended, a megabyte at a time, and each is read back by its byte range with one
/// `pread`, from any thread.
///
/// The file is removed as soon as it is open, so it vanishes with the process however it ends,
/// and never shows in its folder; the system's file cache holds the texts, not the process.
public final class ScratchFile: Sendable {
    private let descriptor: Int32
    /// Where the file was made, for messages.
    public let path: String
    private let pending = Mutex(Pending())

    /// What is written so far, and what waits in memory to be written after it.
    private struct Pending {
        /// Where the buffer goes in the file: every byte before it is written.
        var written = 0
        var buffer: [UInt8] = []
        /// Whether a write failed: nothing more is taken.
        var failed = false
    }

    /// How many bytes wait in memory before they are written in one call.
    private static let bufferSize = 1 << 20

    /// A scratch file in `folder`, its name starting with `prefix`; nil when none can be made
    /// there.
    public init?(inFolder folder: String, prefix: String) {
        let path =
            (folder.hasSuffix("/") ? folder : folder + "/")
            + "\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// How many bytes were appended, those waiting in memory included.
    var byteCount: Int {
        pending.withLock { $0.written + $0.buffer.count }
    }

    /// Appends `text`; its place in the file, or nil when the file cannot take it (a full disk).
    public func append(_ text: String) -> Range<Int>? {
        var text = text
        return text.withUTF8 { bytes in
            pending.withLock { pending in
                guard !pending.failed else { return nil }
                let start = pending.written + pending.buffer.count
                pending.buffer.append(contentsOf: bytes)
                if pending.buffer.count >= Self.bufferSize, !write(&pending) {
                    pending.failed = true
                    return nil
                }
                return start..<start + bytes.count
            }
        }
    }

    /// The text appended at `place` (a range `append(_:)` returned): from the buffer while it
    /// waits there, else from the file; nil when it cannot be read back.
    public func text(at place: Range<Int>) -> String? {
        let buffered: String? = pending.withLock { pending in
            guard place.lowerBound >= pending.written else { return nil }
            let start = place.lowerBound - pending.written
            return String(decoding: pending.buffer[start..<start + place.count], as: UTF8.self)
        }
        if let buffered { return buffered }
        // Read straight into the string's storage: one copy of the text, not two.
        var complete = false
        let text = String(unsafeUninitializedCapacity: place.count) { buffer in
            let done = read(place, into: buffer)
            complete = done == place.count
            return done
        }
        return complete ? text : nil
    }

    /// Calls `body` with the bytes appended at `place`, as `text(at:)` reads them but without
    /// making a string of them (which checks the bytes are UTF-8); nil when they cannot be read.
    public func withBytes<Result>(at place: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let buffered: [UInt8]? = pending.withLock { pending in
            guard place.lowerBound >= pending.written else { return nil }
            let start = place.lowerBound - pending.written
            return Array(pending.buffer[start..<start + place.count])
        }
        if let buffered { return buffered.withUnsafeBufferPointer(body) }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: place.count) { buffer, count in
            count = read(place, into: buffer)
            complete = count == place.count
        }
        return complete ? bytes.withUnsafeBufferPointer(body) : nil
    }

    /// Reads the bytes at `place` of the file into `buffer`; how many it read (fewer than asked
    /// when the file could not give them).
    private func read(_ place: Range<Int>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var done = 0
        while done < place.count {
            let read = pread(descriptor, buffer.baseAddress! + done, place.count - done, off_t(place.lowerBound + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            done += read
        }
        return done
    }

    /// Writes the buffer at its place in the file and empties it; whether it was written whole.
    private func write(_ pending: inout Pending) -> Bool {
        let offset = pending.written
        let written = pending.buffer.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                done += written
            }
            return true
        }
        guard written else { return false }
        pending.written += pending.buffer.count
        // The room of a megabyte is kept for the next texts, not that of one huge text.
        pending.buffer.removeAll(keepingCapacity: pending.buffer.count <= 2 * Self.bufferSize)
        return true
    }
}
