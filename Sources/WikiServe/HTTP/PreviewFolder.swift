#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder the preview serves, read only through paths checked by `RequestPath`.
///
/// Every folder and file on the way is opened with `O_NOFOLLOW`, one name at a time from the
/// root: a symbolic link planted anywhere in the folder is refused, so nothing outside it is read.
public struct PreviewFolder: Sendable {
    /// The folder's path.
    public let root: String

    /// The folder at `root`.
    public init(root: String) {
        self.root = root
    }

    /// A file found for a request: its bytes and its path relative to the root.
    public struct File: Sendable, Equatable {
        /// The path relative to the root (`wiki/index.html` for `/wiki/`).
        public let sitePath: String
        /// The file's bytes.
        public let bytes: [UInt8]
    }

    /// What a request's path leads to.
    public enum Lookup: Sendable, Equatable {
        /// A regular file.
        case file(File)
        /// A folder asked for without its final `/`: the browser must go to `location` (so that
        /// the page's relative links resolve).
        case folder(location: String)
        /// Nothing, or something that is not served (a symbolic link, a device).
        case notFound
    }

    /// What `path` leads to.
    public func lookup(_ path: RequestPath) -> Lookup {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .notFound }
        defer { close(descriptor) }
        for segment in path.segments {
            let next = openat(descriptor, segment, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard next >= 0 else { return .notFound }
            close(descriptor)
            descriptor = next
        }
        switch kind(of: descriptor) {
        case .regular where !path.namesFolder:
            return contents(of: descriptor).map { .file(File(sitePath: path.sitePath, bytes: $0)) } ?? .notFound
        case .folder where !path.namesFolder:
            return .folder(location: "/" + path.segments.map(Self.escaped).joined(separator: "/") + "/")
        case .folder:
            let index = openat(descriptor, "index.html", O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard index >= 0 else { return .notFound }
            defer { close(index) }
            guard kind(of: index) == .regular, let bytes = contents(of: index) else { return .notFound }
            let sitePath = (path.segments + ["index.html"]).joined(separator: "/")
            return .file(File(sitePath: sitePath, bytes: bytes))
        default:
            return .notFound
        }
    }

    private enum Kind { case regular, folder, other }

    private func kind(of descriptor: Int32) -> Kind {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    private func contents(of descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// A segment percent-encoded for a `Location` header: everything but unreserved ASCII escaped.
    static func escaped(_ segment: String) -> String {
        var text = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                text.append(Character(Unicode.Scalar(byte)))
            default:
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return text
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
