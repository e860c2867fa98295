import Foundation
import SplitMix64
import TemporaryFolders
import Testing
import WikiSite

@testable import WikiConfiguration

/// The proof of incremental builds: after every step of random edit sequences, an incremental
/// build's site is byte for byte the one a clean build of the same documents makes.
///
/// A failure names the seed; `WIKISITE_SEED=<seed> swift test --filter IncrementalBuildTests`
/// replays the sequences from it.
@Suite("Incremental builds equal clean builds")
struct IncrementalBuildTests {
    /// The kinds of edit a step makes.
    enum Edit: String, CaseIterable {
        case create, edit, delete, undelete, rename, toggleDraft, addLink, removeLinks, changeAuthor, retitleWiki
        case conflict
        case changeTemplate, deleteWiki
    }

    static let sequenceCount = 200
    static let stepsPerSequence = 3
    static let templateFiles = [
        "page.mustache", "home.mustache", "all-pages.mustache", "site-index.mustache", "style.css",
    ]

    /// The seeds of the sequences: 1…200, or from `WIKISITE_SEED` on.
    static let seeds = RandomizedProof.seeds(sequenceCount)

    /// One sequence per seed; sequences run in parallel. Every build after the first is an
    /// incremental one (no edit touches the layout or the configuration), and its site is the
    /// clean build's. Half the sequences include drafts, as a preview with `--drafts` does.
    @Test(arguments: seeds)
    func randomEditSequencesBuildWhatACleanBuildBuilds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryFolder()
        let templates = folder.path("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        var database = EditableDatabase(using: &random)
        // Half the sequences write couchbackup files, whose entries are documents alone.
        let asCouchbackup = seed % 2 == 0
        let dump = try folder.write(try database.dump(asCouchbackup: asCouchbackup), to: "dump.json")
        var options = BuildOptions(sources: [dump], outputFolder: folder.path("site"), templatesFolder: templates)
        options.includesDrafts = RandomizedProof.includesDrafts(seed: seed)
        _ = try SiteBuilder(options: options).build()

        var applied: [String] = []
        for step in 1...Self.stepsPerSequence {
            let edit = Edit.allCases.randomElement(using: &random)!
            applied.append(try apply(edit, to: &database, templates: templates, step: step, using: &random))
            try folder.write(try database.dump(asCouchbackup: asCouchbackup), to: "dump.json")
            guard
                try RandomizedProof.incrementalBuildMatchesACleanBuild(
                    of: options, in: folder, seed: seed, step: step, applied: applied)
            else { return }
        }
    }

    /// Applies `edit` to `database` (or to the templates); returns what it did, for the failure message.
    func apply(
        _ edit: Edit, to database: inout EditableDatabase, templates: String, step: Int,
        using random: inout SplitMix64
    ) throws -> String {
        let wiki = EditableDatabase.wikiIDs.randomElement(using: &random)!
        let title = EditableDatabase.titles.randomElement(using: &random)!
        let id = database.page(title, in: wiki)
        let live = database.documents.keys.sorted().filter { database.isLive($0) && $0.contains(":") }
        let dead = database.documents.keys.sorted().filter { !database.isLive($0) }
        switch edit {
        case .create, .edit:
            database.save(id, database.pageBody(title, in: wiki, using: &random))
            return "\(edit) \(id)"
        case .delete:
            guard let victim = live.randomElement(using: &random) else { return "delete nothing" }
            database.delete(victim)
            return "delete \(victim)"
        case .undelete:
            guard let lazarus = dead.randomElement(using: &random) else { return "undelete nothing" }
            if lazarus.contains(":") {
                let parts = lazarus.split(separator: ":", maxSplits: 1).map(String.init)
                database.save(lazarus, database.pageBody(parts[1], in: parts[0], using: &random))
            } else {
                database.save(lazarus, ["type": "wiki", "title": "Wiki \(lazarus) again", "owner_id": "owner"])
            }
            return "undelete \(lazarus)"
        case .rename:
            guard let old = live.randomElement(using: &random), let body = database.documents[old]?.leaves.last
            else { return "rename nothing" }
            let wikiOfOld = String(old.prefix { $0 != ":" })
            let newID = database.page(title, in: wikiOfOld)
            guard newID != old else { return "rename to itself" }
            database.delete(old)
            var fields = body
            fields["_id"] = nil
            fields["_rev"] = nil
            database.save(newID, fields)
            return "rename \(old) → \(newID)"
        case .toggleDraft, .addLink, .removeLinks, .changeAuthor:
            guard let target = live.randomElement(using: &random), var fields = database.documents[target]?.leaves.last
            else { return "\(edit) nothing" }
            fields["_id"] = nil
            fields["_rev"] = nil
            let markdown = fields["markdown"] as? String ?? ""
            switch edit {
            case .toggleDraft: fields["draft"] = !(fields["draft"] as? Bool ?? false)
            case .addLink: fields["markdown"] = markdown + "\n\nSee [[\(title)]]."
            case .changeAuthor: fields["updated_by"] = "dee"
            default: fields["markdown"] = markdown.replacingOccurrences(of: "[[", with: "(")
            }
            database.save(target, fields)
            return "\(edit) \(target)"
        case .retitleWiki:
            database.save(wiki, ["type": "wiki", "title": "Wiki \(wiki) \(step)", "owner_id": "owner"])
            return "retitle \(wiki)"
        case .conflict:
            guard let target = (live + EditableDatabase.wikiIDs).randomElement(using: &random) else {
                return "no conflict"
            }
            database.addConflict(to: target, using: &random)
            return "conflict on \(target)"
        case .changeTemplate:
            let name = Self.templateFiles.randomElement(using: &random)!
            let original = try String(
                contentsOf: WikisiteCLI.repositoryRoot.appendingPathComponent("Templates").appendingPathComponent(name),
                encoding: .utf8)
            let mark = name.hasSuffix(".css") ? "/* edit \(step) */\n" : "<!-- edit \(step) -->\n"
            try (original + mark).write(toFile: templates + "/" + name, atomically: true, encoding: .utf8)
            return "change \(name)"
        case .deleteWiki:
            database.delete(wiki)
            return "delete wiki \(wiki)"
        }
    }
}
