import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiDocuments
import WikiSite
import WikiSources
import WikiStore

@testable import WikiConfiguration

/// The proof of incremental builds from the embedded store: random edit sequences are imported
/// step by step into a store, as `wikisite import` does, and after every step an incremental build
/// from the store is byte for byte the site a clean build of the same store makes.
///
/// Half the steps are edits that keep every page's links (new text, a new author, new tags and
/// aliases): those a build can serve without looking at the link graph again. No change of tags
/// or aliases sends a build to the wiki-wide path. The other half are the edits of
/// ``IncrementalBuildTests`` but a template's (that test covers them).
///
/// Each import is checked too: the store then holds exactly the dump's documents, every leaf of
/// each (a new revision replaces the old, a tombstone stays, a second leaf of the same generation
/// is a conflict that stays), with the winner a CouchDB replica would choose.
///
/// A failure names the seed; `WIKISITE_SEED=<seed> swift test --filter IncrementalStoreBuildTests`
/// replays the sequences from it.
@Suite("Incremental builds from the store equal clean builds")
struct IncrementalStoreBuildTests {
    /// The edits that keep every page's links.
    enum TextEdit: String, CaseIterable {
        /// A paragraph of plain words appended to a live page, dated after every other edit.
        case editText
        /// Two such edits, of two different pages, in one step.
        case editTextTwice
        /// One such edit, by another author.
        case changeAuthorAndText
        /// A live page's front matter replaced by random tags and aliases, and an inline tag
        /// appended at times.
        case changeTagsAndAliases
    }

    static let sequenceCount = 120
    static let stepsPerSequence = 4
    /// The other edits: those of ``IncrementalBuildTests``, without the template's.
    static let otherEdits = IncrementalBuildTests.Edit.allCases.filter { $0 != .changeTemplate }
    static let words = [
        "river", "stone", "quiet", "lamp", "orbit", "maple", "signal", "harbor", "amber", "meadow", "copper", "lantern",
    ]
    static let authors = ["ann", "bob", "cy", "dee"]

    /// The seeds of the sequences: 1…120, or from `WIKISITE_SEED` on.
    static let seeds = RandomizedProof.seeds(sequenceCount)

    /// One sequence per seed; sequences run in parallel. Every build reads the store, and every
    /// build after the first is an incremental one whose site is the clean build's. Half the
    /// sequences include drafts, as a preview with `--drafts` does.
    @Test(arguments: seeds)
    func randomEditSequencesImportedIntoTheStoreBuildWhatACleanBuildBuilds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        let store = folder.path("store.sqlite")
        var database = EditableDatabase(using: &random)
        var storeRevisions: [String: Set<String>] = [:]
        guard
            try importDump(of: database, into: store, in: folder, holding: &storeRevisions, context: "seed \(seed)")
                != nil
        else { return }
        var options = BuildOptions(sources: [store], outputFolder: folder.path("site"))
        options.includesDrafts = RandomizedProof.includesDrafts(seed: seed)
        _ = try SiteBuilder(options: options).build()

        var applied: [String] = []
        for step in 1...Self.stepsPerSequence {
            if Bool.random(using: &random) {
                let edit = TextEdit.allCases.randomElement(using: &random)!
                applied.append(apply(edit, to: &database, using: &random))
            } else {
                let edit = Self.otherEdits.randomElement(using: &random)!
                applied.append(
                    try IncrementalBuildTests().apply(
                        edit, to: &database, templates: folder.path("templates"), step: step, using: &random))
            }
            let context = "seed \(seed), step \(step), edits \(applied.joined(separator: " → "))"
            guard
                let imported = try importDump(
                    of: database, into: store, in: folder, holding: &storeRevisions, context: context)
            else { return }

            let summary = try SiteBuilder(options: options).build()
            #expect(summary.fullBuildReason == nil, "\(context): \(String(describing: summary.fullBuildReason))")
            // A change of tags and aliases is the fast path's, whatever else sends a step elsewhere
            // (a skipped attachment, a front matter that does not read).
            if applied.last?.hasPrefix(TextEdit.changeTagsAndAliases.rawValue) == true {
                let declined = summary.fastPathDeclined ?? ""
                #expect(!declined.contains("alias") && !declined.contains("tags"), "\(context): \(declined)")
            }
            // The build saw whether the import changed the store, and ended at the store's new sequence.
            #expect(summary.unchangedSinceLastBuild == (imported.changedDocuments == 0), "\(context)")
            if !summary.unchangedSinceLastBuild {
                #expect(summary.checkpoints.map(\.to) == [imported.checkpoint], "\(context): checkpoints")
            }

            let differences = try RandomizedProof.differencesFromACleanBuild(of: options, in: folder, step: step)
            if !differences.isEmpty {
                Issue.record(
                    """
                    \(context): the incremental build from the store differs from a clean one in \
                    \(differences.map(\.description).joined(separator: "; "))
                    """)
                return
            }
        }
    }

    /// Applies a text edit to `database`; returns what it did, for the failure message.
    func apply(_ edit: TextEdit, to database: inout EditableDatabase, using random: inout SplitMix64) -> String {
        let live = database.documents.keys.sorted().filter { database.isLive($0) && $0.contains(":") }
        switch edit {
        case .editText, .changeAuthorAndText:
            guard let page = live.randomElement(using: &random) else { return "\(edit) nothing" }
            appendText(to: page, in: &database, newAuthor: edit == .changeAuthorAndText, using: &random)
            return "\(edit) \(page)"
        case .editTextTwice:
            let pages = Array(live.shuffled(using: &random).prefix(2))
            for page in pages { appendText(to: page, in: &database, newAuthor: false, using: &random) }
            return "\(edit) \(pages.isEmpty ? "nothing" : pages.joined(separator: " and "))"
        case .changeTagsAndAliases:
            guard let page = live.randomElement(using: &random) else { return "\(edit) nothing" }
            changeTagsAndAliases(of: page, in: &database, using: &random)
            return "\(edit) \(page)"
        }
    }

    /// Saves a new revision of the page `id` whose front matter gives random tags and aliases in
    /// place of its own, with an inline tag appended at times. Its links are those it had.
    func changeTagsAndAliases(of id: String, in database: inout EditableDatabase, using random: inout SplitMix64) {
        guard var fields = database.winner(of: id) else { return }
        fields["_id"] = nil
        fields["_rev"] = nil
        var body = fields["markdown"] as? String ?? ""
        if body.hasPrefix("---\n"), let end = body.dropFirst(4).range(of: "\n---\n") {
            body = String(body[end.upperBound...])
        }
        let tags = EditableDatabase.tagNames.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))
        let aliases = (EditableDatabase.aliasNames + EditableDatabase.titles).shuffled(using: &random)
            .prefix(Int.random(in: 0...2, using: &random))
        var markdown =
            "---\ntags: [\(tags.joined(separator: ", "))]\naliases: [\(aliases.joined(separator: ", "))]\n---\n"
        markdown += body
        if Bool.random(using: &random) {
            markdown += "\n\nNow #\(EditableDatabase.tagNames.randomElement(using: &random)!)."
        }
        fields["markdown"] = markdown
        fields["updated_at"] = database.nextUpdatedAt()
        database.save(id, fields)
    }

    /// Saves a new revision of the page `id` (its winner, as the application shows it) with a
    /// paragraph of plain words appended, dated after every other edit; by another author when
    /// `newAuthor`. Its links are those it had.
    func appendText(
        to id: String, in database: inout EditableDatabase, newAuthor: Bool, using random: inout SplitMix64
    ) {
        guard var fields = database.winner(of: id) else { return }
        fields["_id"] = nil
        fields["_rev"] = nil
        let words = (0..<Int.random(in: 3...8, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
        let sentence = words.joined(separator: " ")
        fields["markdown"] =
            (fields["markdown"] as? String ?? "") + "\n\n" + sentence.prefix(1).uppercased()
            + sentence.dropFirst() + "."
        fields["updated_at"] = database.nextUpdatedAt()
        if newAuthor {
            let author = fields["updated_by"] as? String
            fields["updated_by"] = Self.authors.filter { $0 != author }.randomElement(using: &random)!
        }
        database.save(id, fields)
    }

    /// Writes the dump of `database` and imports it into `store`, as `wikisite import` does, then
    /// checks that the store holds exactly the dump's documents, every leaf of each, with the
    /// winner a CouchDB replica chooses, and that the import counted what changed.
    /// `storeRevisions` is the revisions of each document the store held before; it becomes those
    /// it holds after.
    ///
    /// - Returns: what the import changed, or `nil` when the store is not what it should be (an
    ///   issue recorded).
    func importDump(
        of database: EditableDatabase, into store: String, in folder: TemporaryFolder,
        holding storeRevisions: inout [String: Set<String>], context: String
    ) throws -> Imported? {
        let dump = try folder.write(try database.dump(), to: "dump.json")
        let storeFile = try DocumentStore.openOrCreate(path: store)
        let summary = try storeFile.importDocuments(from: DumpSource(path: dump))

        let inDump = try Self.leaves { body in _ = try DumpSource(path: dump).read(after: nil, body) }
        var winners: [String: String] = [:]
        let inStore = try Self.leaves { body in
            _ = try storeFile.changes(since: 0) { change in
                winners[change.documentID] = change.winner.revisionText
                for leaf in change.leaves { try body(leaf) }
            }
        }
        let different = Set(inDump.keys).union(inStore.keys).filter { inDump[$0] != inStore[$0] }
        guard different.isEmpty else {
            Issue.record(
                """
                \(context): after importing the dump, the store's leaves of \
                \(different.sorted().joined(separator: ", ")) are not the dump's: \
                \(different.sorted().map { "\(inStore[$0] ?? []) instead of \(inDump[$0] ?? [])" })
                """)
            return nil
        }
        for id in database.documents.keys.sorted() {
            let expected = database.winner(of: id)?["_rev"] as? String
            #expect(winners[id] == expected, "\(context): the winner of \(id)")
        }

        // Each revision of the dump counts once: it created a document, changed one's leaves, or
        // was already in the store.
        let revisions = inDump.mapValues { Set($0.map(\.revision)) }
        let newRevisions = revisions.reduce(0) { $0 + $1.value.subtracting(storeRevisions[$1.key] ?? []).count }
        let added = revisions.keys.count { storeRevisions[$0] == nil }
        let changed = revisions.keys.filter { revisions[$0] != storeRevisions[$0] }
        #expect(summary.refused.isEmpty, "\(context): \(summary.refused)")
        #expect(summary.added == added, "\(context): documents added")
        #expect(summary.updated == newRevisions - added, "\(context): documents updated")
        #expect(summary.unchanged == revisions.values.reduce(0) { $0 + $1.count } - newRevisions, "\(context)")
        #expect(summary.documentCount == database.documents.count, "\(context): documents in the store")
        #expect(summary.sequenceAfter == summary.sequenceBefore + changed.count, "\(context): store sequence")
        storeRevisions = revisions
        return Imported(
            changedDocuments: changed.count, checkpoint: storeFile.checkpoint(at: summary.sequenceAfter).description)
    }

    /// What an import changed in the store.
    struct Imported {
        /// How many documents it changed.
        let changedDocuments: Int
        /// The store's checkpoint after it, as JSON text: where a build reading the store ends.
        let checkpoint: String
    }

    /// One leaf as a replica holds it: what a build reads of it.
    struct Leaf: Hashable, CustomStringConvertible {
        let revision: String
        let isDeleted: Bool
        let body: String
        let hadInvalidText: Bool

        var description: String { "\(revision)\(isDeleted ? " (deleted)" : "") \(body)" }
    }

    /// The leaves of each document `read` delivers, by `_id`.
    static func leaves(_ read: (_ body: (Document) throws -> Void) throws -> Void) throws -> [String: Set<Leaf>] {
        var leaves: [String: Set<Leaf>] = [:]
        try read { document in
            let leaf = Leaf(
                revision: document.revisionText ?? "", isDeleted: document.isDeleted,
                body: JSONWriter.text(.object(document.body)), hadInvalidText: document.hadInvalidText)
            leaves[document.id, default: []].insert(leaf)
        }
        return leaves
    }
}

extension EditableDatabase {
    /// The winning leaf of `id`, as every CouchDB replica chooses it: live beats deleted, then the
    /// greater `_rev` (a document's leaves here are of one generation, with hashes of 8 digits).
    func winner(of id: String) -> [String: Any]? {
        documents[id]?.leaves.max { a, b in
            let aDeleted = a["_deleted"] as? Bool == true
            let bDeleted = b["_deleted"] as? Bool == true
            if aDeleted != bDeleted { return aDeleted }
            return (a["_rev"] as? String ?? "").utf8.lexicographicallyPrecedes((b["_rev"] as? String ?? "").utf8)
        }
    }
}
