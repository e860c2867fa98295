#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the file system says of a file without reading it: its device and inode, its size, and
/// when its content and its inode last changed. A file whose stamp is the one an earlier reading
/// recorded holds what that reading read: writing it changes its modification and change times,
/// and an editor that saves by rename gives the path another inode.
struct FileStamp: Sendable, Equatable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: FileTime
    let changed: FileTime

    init(device: UInt64, inode: UInt64, size: Int64, modified: FileTime, changed: FileTime) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the file `status` describes.
    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modified = FileTime(
                seconds: Int64(status.st_mtimespec.tv_sec), nanoseconds: Int64(status.st_mtimespec.tv_nsec))
            changed = FileTime(
                seconds: Int64(status.st_ctimespec.tv_sec), nanoseconds: Int64(status.st_ctimespec.tv_nsec))
        #else
            modified = FileTime(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec))
            changed = FileTime(seconds: Int64(status.st_ctim.tv_sec), nanoseconds: Int64(status.st_ctim.tv_nsec))
        #endif
    }
}
