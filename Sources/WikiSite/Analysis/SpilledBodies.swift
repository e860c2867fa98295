import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Page bodies kept past the memory budget of `RenderedBodies`, in a scratch file of the state
/// folder: each written once by the analysis pass and read back once by the writing pass, so a
/// page is parsed once whatever the size of the wiki, and the bodies take no memory meanwhile
/// (the system's file cache holds them, not the process).
///
/// The file is removed as soon as it is open, so it vanishes with the process however it ends,
/// and never shows in the state folder. A body that cannot be written (a full disk) is simply
/// not kept: the writing pass renders that page again. Thread-safe.
final class SpilledBodies: Sendable {
    private let descriptor: Int32
    /// Where the next body goes: each writer takes its range with one atomic addition.
    private let end = Atomic<Int>(0)
    /// Where each kept body is, by page position.
    private let places = Mutex<[Int: Range<Int>]>([:])

    /// A scratch file in `folder`; nil when none can be made there.
    init?(inFolder folder: String) {
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + ".wikisite-bodies-\(getpid()).tmp"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Keeps `html`, the body of the page at `position`; whether it was written whole.
    func keep(_ html: String, forPageAt position: Int) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            let offset = end.add(bytes.count, ordering: .relaxed).oldValue
            var done = 0
            while done < bytes.count {
                let written = pwrite(
                    descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                done += written
            }
            places.withLock { $0[position] = offset..<offset + bytes.count }
            return true
        }
    }

    /// The body kept for the page at `position`, handed over once; nil when none was kept, or it
    /// cannot be read back (the writing pass then renders the page).
    func take(forPageAt position: Int) -> String? {
        guard let place = places.withLock({ $0.removeValue(forKey: position) }) else { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: place.count) { buffer, count in
            var done = 0
            while done < place.count {
                let read = pread(
                    descriptor, buffer.baseAddress! + done, place.count - done, off_t(place.lowerBound + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            complete = done == place.count
            count = done
        }
        return complete ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
