#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why wikisite could not write, remove, read or lock a file, with what to do about it.
public struct WriteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What wikisite was doing.
    public enum Action: String, Sendable {
        case write, remove, read, lock
        case clean = "clean up"
    }

    /// What went wrong.
    public enum Problem: Sendable, Equatable {
        /// The relative path is not one wikisite may write (`reason` says why). Paths come from
        /// wikisite's own path scheme, so this is a bug in the caller, never a document's fault.
        case invalidPath(reason: String)
        /// A folder on the way, `link`, is a symbolic link.
        case symbolicLink(link: String)
        /// A folder on the way, `entry`, exists but is not a folder.
        case notAFolder(entry: String)
        /// A folder stands where the file should go.
        case folderInTheWay
        /// The manifest in the state folder could not be understood, at `byteOffset`.
        case damagedManifest(byteOffset: Int, detail: String)
        /// The system call `call` failed with `errno` `code`.
        case system(call: String, code: Int32)
    }

    /// What wikisite was doing.
    public let action: Action
    /// The path concerned: the full path on disk, or the relative path when it was refused.
    public let path: String
    /// What went wrong.
    public let problem: Problem

    /// An error met while doing `action` to `path`.
    public init(_ action: Action, _ path: String, _ problem: Problem) {
        self.action = action
        self.path = path
        self.problem = problem
    }

    /// Whether the error is the disk (or the quota, or the file-size limit) running out of space.
    public var isOutOfSpace: Bool {
        if case .system(_, let code) = problem { return [ENOSPC, EDQUOT, EFBIG].contains(code) }
        return false
    }

    public var description: String {
        switch problem {
        case .invalidPath(let reason):
            return
                "wikisite refused to \(action.rawValue) the output path \(path.debugDescription): \(reason)"
        case .symbolicLink(let link):
            return
                "cannot \(action.rawValue) \(path): \(link) is a symbolic link; wikisite never writes through links."
                + " Remove the link or choose another output folder."
        case .notAFolder(let entry):
            return "cannot \(action.rawValue) \(path): \(entry) is a file where wikisite needs a folder."
                + " Move it away or choose another output folder."
        case .folderInTheWay:
            return
                "cannot \(action.rawValue) \(path): a folder is in the way. Move it away or choose another output folder."
        case .damagedManifest(let offset, let detail):
            return
                "cannot \(action.rawValue) \(path) (byte \(offset)): \(detail). This file records which files"
                + " wikisite wrote; delete it and build again (files of earlier builds will then not be cleaned up)."
        case .system(let call, let code):
            return
                "cannot \(action.rawValue) \(path): \(Self.explanation(of: code)) (\(Self.systemText(code)), in \(call))"
        }
    }

    /// What an `errno` value means for someone running a build, and what to do.
    static func explanation(of code: Int32) -> String {
        switch code {
        case ENOSPC: "the disk is full; free some space and build again"
        case EDQUOT: "the disk quota is used up; free some space and build again"
        case EFBIG: "the file is larger than the file-size limit (ulimit -f)"
        case EROFS: "the file system is read-only"
        case EACCES, EPERM: "permission denied; check the owner and permissions of the folder"
        case EMFILE, ENFILE: "too many open files; raise the limit (ulimit -n)"
        case ENAMETOOLONG: "the path is too long for this file system"
        case EIO: "an input/output error: the disk may be failing"
        default: "the system refused"
        }
    }

    /// The C library's text for `code`.
    static func systemText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
