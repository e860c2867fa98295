import Foundation
import WikiDocuments
import WikiModel
import WikiPages

/// A published wiki, as the summary lists it.
public struct PublishedWiki: Sendable {
    /// The wiki's document ID.
    public let id: String
    /// Its title.
    public let title: String
    /// How many pages were published.
    public let pageCount: Int
    /// Its home page, relative to the output folder.
    public let home: SitePath

    /// The wiki `id` titled `title`, published with `pageCount` pages and its home at `home`.
    package init(id: String, title: String, pageCount: Int, home: SitePath) {
        self.id = id
        self.title = title
        self.pageCount = pageCount
        self.home = home
    }
}

/// What a build did: what it published, what it refused and why, what it wrote.
public struct BuildSummary: Sendable {
    /// The wikis published, by ID.
    public package(set) var wikis: [PublishedWiki] = []
    /// Documents that were not published, with the reason.
    public package(set) var skipped: [SkippedDocument] = []
    /// Attachments that were not published (the page itself was), with the reason.
    public package(set) var skippedAttachments: [SkippedAttachment] = []
    /// Pages published with their front matter shown as code, because it could not be read.
    public package(set) var invalidFrontMatter: [InvalidFrontMatter] = []
    /// Documents with more than one leaf revision, and the winner chosen.
    public package(set) var conflicts: [ConflictedDocument] = []
    /// Links to pages that do not exist, by wiki and target.
    public package(set) var missingLinks: [MissingLink] = []
    /// How many documents the sources delivered.
    public package(set) var documentsRead = 0
    /// Files written because their bytes changed or they were new.
    public package(set) var filesWritten = 0
    /// Files already in place with the right bytes, left alone.
    public package(set) var filesUnchanged = 0
    /// Files an earlier build made that are no longer part of the site.
    public package(set) var filesRemoved = 0
    /// What the build left out on purpose, and why (no base URL: no sitemaps or feeds).
    public package(set) var notes: [String] = []
    /// Whether no source changed after the checkpoints of the last build, so that the build read
    /// nothing more and left the site as it was (`UnchangedSources`). The wikis are then those of
    /// the last build, and its warnings stand (`wikisite check` lists them).
    public package(set) var unchangedSinceLastBuild = false
    /// Whether the build read only the changes of its source after the checkpoint, the documents
    /// they touch and the build state (`FastPath`): edits of published pages that leave the
    /// wiki's lists of pages as they were.
    public package(set) var readChangesOnly = false
    /// Whether the build found its changes to be edits of published pages that leave the wiki's
    /// lists of pages as they were, and built them from the build state without analysing their
    /// wikis again (`FastPath`), having read its sources whole (a dump).
    public package(set) var editsBuiltFromState = false
    /// Why the changes were not built from the build state alone (the fast path) but by the
    /// wiki-wide path, when it was tried.
    public package(set) var fastPathDeclined: String?
    /// How many wikis had no document changed since the last build, and were therefore neither
    /// analysed nor written: their missing links are not in `missingLinks` (the last build's
    /// stand; `wikisite check` lists them).
    public package(set) var wikisNotAnalysed = 0
    /// Why the build rendered everything; nil when it was incremental.
    public package(set) var fullBuildReason: FullBuildReason?
    /// How many documents (wikis and pages) changed since the build the state describes; every
    /// document of the site in a full build.
    public package(set) var changedDocuments = 0
    /// Where each source's reading started and ended, in the order of the sources.
    public package(set) var checkpoints: [CheckpointAdvance] = []
    /// Every file written, found unchanged or removed, with its cause, by path: what
    /// `--explain` shows. Empty unless the build was asked to list them (`BuildOptions.listsOutputs`).
    public package(set) var outputs: [ExplainedOutput] = []
    /// Wall time of the whole build.
    public package(set) var elapsed: Duration = .zero

    /// The number of pages published over all wikis.
    public var pagesPublished: Int { wikis.reduce(0) { $0 + $1.pageCount } }

    /// The number of warnings: skipped documents and attachments, front matter that could not be
    /// read, conflicts, missing link targets.
    public var warningCount: Int {
        skipped.count + skippedAttachments.count + invalidFrontMatter.count + conflicts.count + missingLinks.count
    }

    /// How many warnings of one kind the summary lists; `wikisite check` lists them all.
    static let warningsListed = 50

    /// Appends the warning `line` makes of each of the first `warningsListed` of `items` to
    /// `lines`, and how many more there are (only the lines listed are made: a wiki may have
    /// hundreds of thousands of warnings).
    private static func append<Item>(_ items: [Item], to lines: inout [String], _ line: (Item) -> String) {
        lines += items.prefix(warningsListed).map { "  warning: " + line($0) }
        if items.count > warningsListed {
            lines.append("  … and \(items.count - warningsListed) more (wikisite check lists them all)")
        }
    }

    /// The summary as lines for a terminal or a CI log: every count, and the first warnings of
    /// each kind.
    public var lines: [String] {
        var lines: [String] = []
        let pageWord = pagesPublished == 1 ? "page" : "pages"
        let wikiWord = wikis.count == 1 ? "wiki" : "wikis"
        let read =
            unchangedSinceLastBuild
            ? "as the last build did"
            : readChangesOnly
                ? "from \(documentsRead) changed document\(documentsRead == 1 ? "" : "s") and the build state"
                : "from \(documentsRead) documents"
        lines.append("Published \(wikis.count) \(wikiWord), \(pagesPublished) \(pageWord) (\(read)).")
        for wiki in wikis {
            let quotedID = MessageText.quoted(wiki.id)
            let pages = wiki.pageCount == 1 ? "1 page" : "\(wiki.pageCount) pages"
            lines.append("  \(quotedID) \(MessageText.quoted(wiki.title)): \(pages) → \(wiki.home)")
        }
        if !skipped.isEmpty {
            lines.append("Skipped \(skipped.count) document\(skipped.count == 1 ? "" : "s"):")
            Self.append(skipped, to: &lines) { "\($0)" }
        }
        if !skippedAttachments.isEmpty {
            lines.append("Skipped \(skippedAttachments.count) attachment\(skippedAttachments.count == 1 ? "" : "s"):")
            Self.append(skippedAttachments, to: &lines) { "\($0)" }
        }
        if !invalidFrontMatter.isEmpty {
            lines.append("Front matter that could not be read (\(invalidFrontMatter.count)):")
            Self.append(invalidFrontMatter, to: &lines) { "\($0)" }
        }
        if !conflicts.isEmpty {
            lines.append("Conflicted documents (\(conflicts.count)); the winner is published:")
            Self.append(conflicts, to: &lines) { "\($0)" }
        }
        if !missingLinks.isEmpty {
            lines.append("Links to missing pages (\(missingLinks.count)):")
            Self.append(missingLinks, to: &lines) { link in
                let from = link.linkedFrom.map { MessageText.quoted($0.text) }.joined(separator: ", ")
                return "\(MessageText.quoted(link.wikiID)): \(MessageText.quoted(link.target.text)) linked from \(from)"
            }
        }
        for note in notes { lines.append("Note: \(note).") }
        if let fullBuildReason {
            lines.append("Full build: \(fullBuildReason).")
        } else if unchangedSinceLastBuild {
            let unchanged =
                switch checkpoints.first(where: { $0.comparedEntries != nil })?.comparedItems {
                case .entries: "no source changed since the last build read it (every entry of the dump is one it read)"
                case .notes:
                    "no source changed since the last build read it (every note of the folder is as it read it)"
                case nil: "no source changed after its checkpoint; nothing else was read"
                }
            lines.append(
                "Incremental build: \(unchanged). The warnings of the last build stand (wikisite check lists them).")
        } else {
            let word = changedDocuments == 1 ? "document" : "documents"
            let changes = "Incremental build: \(changedDocuments) changed \(word) since the last build"
            if readChangesOnly {
                lines.append(
                    changes + ", edits of pages read alone with the build state. "
                        + "The warnings of the last build stand (wikisite check lists them).")
            } else if editsBuiltFromState {
                lines.append(
                    changes + ", edits of pages built with the build state, without analysing their wikis again. "
                        + "The links to missing pages of the last build stand (wikisite check lists them).")
            } else {
                lines.append(changes + ".")
                if let fastPathDeclined {
                    lines.append("  Not built from the build state alone: \(fastPathDeclined).")
                }
            }
            if wikisNotAnalysed > 0 {
                let wikiCount = wikisNotAnalysed == 1 ? "1 wiki" : "\(wikisNotAnalysed) wikis"
                lines.append(
                    "  \(wikiCount) with no change not analysed: the warnings of the last build about "
                        + "\(wikisNotAnalysed == 1 ? "it" : "them") stand (wikisite check lists them).")
            }
        }
        // A full build compares nothing: a source without sequences has nothing to say then.
        for checkpoint in checkpoints where fullBuildReason == nil || checkpoint.to != nil {
            lines.append("  \(checkpoint)")
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        lines.append(
            "Files: \(filesWritten) written, \(filesUnchanged) unchanged, \(filesRemoved) removed, in "
                + String(format: "%.2f s.", seconds)
        )
        return lines
    }

    /// The summary of a build that has done nothing yet.
    package init() {
    }
}

/// Where the reading of one source started and ended: the checkpoint the last build recorded,
/// and the one this reading ended at.
public struct CheckpointAdvance: Sendable, CustomStringConvertible {
    /// The source as named.
    public let source: String
    /// The checkpoint the last build's reading ended at, as JSON text; nil when there was none.
    public let from: String?
    /// The checkpoint this reading ended at, as JSON text; nil for a source without sequences.
    public let to: String?
    /// For a source compared item by item with the last build's reading of it (`SourceLedger`):
    /// how many items it holds, how many of them that reading did not find (new or changed), and
    /// how many of that reading's are gone (changed or removed).
    public package(set) var comparedEntries: (count: Int, new: Int, gone: Int)?
    /// What `comparedEntries` counts: a dump's entries, a folder's notes.
    public package(set) var comparedItems = ComparedItems.entries

    /// What a source compared with the last build's reading of it is compared by.
    public enum ComparedItems: Sendable {
        /// The entries of a dump (`DumpLedger`).
        case entries
        /// The notes of a folder of Markdown (`FolderLedger`).
        case notes

        /// The item's name, `count` of them.
        func named(_ count: Int) -> String {
            switch self {
            case .entries: count == 1 ? "entry" : "entries"
            case .notes: count == 1 ? "note" : "notes"
            }
        }
    }

    /// The advance of `source` from `from` to `to`.
    package init(source: String, from: String?, to: String?) {
        self.source = source
        self.from = from
        self.to = to
    }

    /// `dump.json: checkpoint 12 → 15`, or, for a source without sequences, how its documents were
    /// compared with the last build's.
    public var description: String {
        let text =
            if let to { "\(source): checkpoint \(from ?? "none") → \(to)" } else if comparedEntries != nil {
                "\(source): no sequence"
            } else {
                "\(source): no sequence; compared revision by revision with the last build"
            }
        guard let (count, new, gone) = comparedEntries else { return text }
        return text + "; \(count) \(comparedItems.named(count)) compared with the last build's reading: "
            + "\(new) new or changed, \(gone) of that reading's gone"
    }
}
