import Glibc

/// The kernel's file notifications (inotify), read by one thread that blocks until an event
/// comes or `stop()` is called; nothing is polled.
final class Inotify: @unchecked Sendable {
    /// One notification: the watch it came from, what happened, and the name in the folder.
    struct Event: Sendable {
        /// The watch descriptor `addWatch` returned.
        let watch: Int32
        /// `IN_*` bits.
        let mask: UInt32
        /// The name of the file or folder inside the watched folder; empty for the folder itself.
        let name: String

        /// Whether the event is about a folder.
        var isFolder: Bool { mask & UInt32(IN_ISDIR) != 0 }
    }

    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)

    /// A new inotify instance, or the reason the kernel refused one.
    init() throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(path: "inotify", errno: errno) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            throw WatchError(path: "inotify", errno: errno)
        }
        wake = (ends[0], ends[1])
        _ = fcntl(wake.read, F_SETFD, FD_CLOEXEC)
        _ = fcntl(wake.write, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(descriptor)
        close(wake.read)
        close(wake.write)
    }

    /// Watches the folder at `path` for the events of `mask`; the watch's descriptor.
    func addWatch(_ path: String, mask: UInt32) throws(WatchError) -> Int32 {
        let watch = inotify_add_watch(descriptor, path, mask)
        guard watch >= 0 else { throw WatchError(path: path, errno: errno) }
        return watch
    }

    /// Stops watching `watch`.
    func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    /// Makes `nextEvents()` return nil, now and from then on.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// The next events, blocking until there are some; nil once `stop()` was called.
    func nextEvents() -> [Event]? {
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&watched, 2, -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, watched[1].revents == 0 else { return nil }
            if let events = readEvents() { return events }
        }
    }

    private func readEvents() -> [Event]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var events: [Event] = []
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let header = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + Int(header.len))]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                events.append(Event(watch: header.wd, mask: header.mask, name: name))
                offset += headerSize + Int(header.len)
            }
        }
        return events
    }
}

/// A file or folder that could not be watched.
public struct WatchError: Error, Sendable, CustomStringConvertible {
    /// What was to be watched.
    public let path: String
    /// The reason, from the system.
    public let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    public var description: String { "\(path) cannot be watched for changes: \(reason)" }
}
