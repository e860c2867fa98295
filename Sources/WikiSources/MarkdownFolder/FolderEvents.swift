/// What the file system's notifications (inotify) said of a folder of Markdown since an instant:
/// the paths inside it they named. A reading compared with a ``FolderLedger`` made at or after
/// ``since`` then examines only these paths, not every file of the folder
/// (`MarkdownFolderSource.read(comparedWith:events:thenDocuments:limit:_:)`).
///
/// The paths must be every file created, written, deleted or renamed since ``since``. Whoever
/// cannot vouch for that (the notifications overflowed, a watch was lost, a folder came, went or
/// moved) gives no events, and the folder is walked.
public struct FolderEvents: Sendable, Equatable {
    /// The paths named, inside the folder and `/`-separated (`guide/Install.md`).
    public let paths: Set<String>
    /// From when the paths are every change.
    public let since: Instant

    /// An instant by the clock a ``FolderLedger`` dates its reading with.
    public struct Instant: Sendable, Equatable {
        let time: FileTime

        /// The instant now.
        public static func now() -> Instant { Instant(time: FolderLedger.now()) }
    }

    /// The events naming `paths` since `since`.
    public init(paths: Set<String>, since: Instant) {
        self.paths = paths
        self.since = since
    }
}
