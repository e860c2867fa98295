import WikiDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The notes of a folder of Markdown as one reading found them: each by its path, its stamp (what
/// the file system says of it, unread) and what the rest of the folder's documents depend on.
/// Kept by the build state, it lets the next reading read only the notes whose stamp differs
/// (`MarkdownFolderSource.read(comparedWith:thenDocuments:limit:_:)`): a folder has no sequence
/// of changes, so its files' stamps are what it is compared by.
///
/// Every reading reads the home file again: the ledger keeps only git's word on it. The files a
/// reading rejected are not in it, so a later reading reads them again and rejects them again.
public struct FolderLedger: Sendable, Equatable {
    /// One note: where it is, its stamp, and what the wiki's document and the other notes'
    /// titles need of it.
    struct Entry: Sendable, Equatable {
        /// The path inside the folder (`guide/Install.md`).
        let relativePath: String
        let stamp: FileStamp
        /// The title its front matter gives; nil when its path gives it.
        let frontMatterTitle: String?
        /// Whether its front matter marks it a draft.
        let isDraft: Bool
        /// When git says it was committed first and last; nil when it has no commit.
        let commits: GitFolderHistory.Commits?
        /// Whether git says it has changes not committed yet.
        let isUncommitted: Bool
        /// The keys of the files of the folder its Markdown names (`FileMatchKeys`), in byte
        /// order: its attachments follow the other files of these keys. None for the home, read
        /// every time.
        var fileKeys: [String] = []
        /// The `_rev` of its page document; empty for the home.
        var revision = ""

        /// The note at `relativePath` as its reading found it; the keys its Markdown names and
        /// its document's revision are set once its document is made.
        init(
            relativePath: String, stamp: FileStamp, frontMatterTitle: String?, isDraft: Bool,
            commits: GitFolderHistory.Commits?, isUncommitted: Bool
        ) {
            self.relativePath = relativePath
            self.stamp = stamp
            self.frontMatterTitle = frontMatterTitle
            self.isDraft = isDraft
            self.commits = commits
            self.isUncommitted = isUncommitted
        }

        /// The note's title: its front matter's, else its path without `.md`.
        var title: String {
            frontMatterTitle ?? String(decoding: relativePath.utf8.dropLast(3), as: UTF8.self)
        }

        /// When the note was created and last changed, as its page document says.
        var dates: (created: FileTime, updated: FileTime) {
            (commits?.first ?? stamp.modified, isUncommitted ? stamp.modified : commits?.last ?? stamp.modified)
        }
    }

    /// The wiki's `_id`.
    let wikiID: String
    /// Where git's `HEAD` was: nil when the folder is not in a git work tree, empty on a branch
    /// with no commit yet.
    let head: String?
    /// The folder's other files (`FolderFiles`), with their stamps, in byte order of paths.
    let otherFiles: [ListedFile]
    /// Whether the reading rejected a file or folder, which the ledger then does not hold: only
    /// a walk of the folder finds it again.
    let rejectedFiles: Bool
    /// The `_rev` of the wiki's document.
    let wikiRevision: String
    /// When the reading started, by the system's clock: a note changed less than
    /// ``racyInterval`` before may have changed again within the same tick of the file
    /// system's clock, its stamp unchanged, so the next reading reads it again.
    let readAt: FileTime
    /// The home file, when there was one.
    let home: Entry?
    /// The notes whose pages the reading delivered, in byte order of their paths.
    let entries: LedgerEntries
    /// This ledger among the others of the process, for ``changes``: a reading compared with
    /// it names it as its predecessor. Not part of what the ledger says, so not compared.
    let identity = UInt64.random(in: .min ... .max)
    /// The notes whose entries differ from those of the ledger this one was compared with, when
    /// the reading knew them without comparing every entry; nil when it did not.
    let changes: Changes?

    /// How many notes' pages the reading delivered.
    public var noteCount: Int { entries.count }

    /// The ledger of a reading of the folder of wiki `wikiID` at `readAt` (git's `HEAD` at
    /// `head`), which made the wiki's document at `wikiRevision` and found `files` and `notes`.
    init(wikiID: String, head: String?, wikiRevision: String, readAt: FileTime, files: OtherFiles, notes: Notes) {
        self.wikiID = wikiID
        self.head = head
        self.otherFiles = files.listed
        self.rejectedFiles = files.rejected
        self.wikiRevision = wikiRevision
        self.readAt = readAt
        self.home = notes.home
        self.entries = notes.entries
        self.changes = notes.changes
    }

    /// Whether the two ledgers say the same of the folder, whichever readings made them.
    public static func == (left: FolderLedger, right: FolderLedger) -> Bool {
        left.wikiID == right.wikiID && left.head == right.head && left.otherFiles == right.otherFiles
            && left.rejectedFiles == right.rejectedFiles && left.wikiRevision == right.wikiRevision
            && left.readAt == right.readAt && left.home == right.home && left.entries == right.entries
    }

    /// The folder's files that are not notes, as a reading found them: those it listed, and
    /// whether it rejected one.
    struct OtherFiles {
        let listed: [ListedFile]
        let rejected: Bool
    }

    /// The notes a reading delivered pages of: the home file, when there was one, and the
    /// others, in byte order of their paths; with what changed since the ledger the reading was
    /// compared with, when it knows.
    struct Notes {
        let home: Entry?
        let entries: LedgerEntries
        var changes: Changes? = nil
    }

    /// Which notes' entries a compared reading changed: the ledger's rows to write again are
    /// those of these notes alone (``noteRows(since:)``), whatever the folder holds.
    struct Changes: Sendable {
        /// The ``identity`` of the ledger the reading was compared with.
        let earlier: UInt64
        /// The paths of the notes new or changed since, in byte order.
        let written: [String]
        /// The paths of the notes no longer there, in byte order.
        let removed: [String]
    }

    /// The index of the entry of the note at `path`, or where it would be: the first entry whose
    /// path does not precede it.
    func entryIndex(at path: String) -> Int {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].relativePath.precedesInByteOrder(path) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The entry of the note at `path`, with its index; nil when the ledger has none.
    func entry(at path: String) -> (index: Int, entry: Entry)? {
        let index = entryIndex(at: path)
        guard index < entries.count, entries[index].relativePath.isExactly(path) else { return nil }
        return (index, entries[index])
    }

    /// How long before a reading a note's change may share its stamp with a later change: longer
    /// than a tick of the clock file systems stamp files with (1–10 ms on Linux).
    static let racyInterval = FileTime(seconds: 0, nanoseconds: 100_000_000)

    /// Whether a note stamped `stamp` may have changed since without its stamp showing it: it
    /// changed within ``racyInterval`` of the reading.
    func isRacy(_ stamp: FileStamp) -> Bool {
        let (seconds, nanoseconds) =
            readAt.nanoseconds >= Self.racyInterval.nanoseconds
            ? (readAt.seconds, readAt.nanoseconds - Self.racyInterval.nanoseconds)
            : (readAt.seconds - 1, readAt.nanoseconds + 1_000_000_000 - Self.racyInterval.nanoseconds)
        return stamp.changed >= FileTime(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// The system clock now, for ``readAt``.
    static func now() -> FileTime {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return FileTime(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }
}
