import Synchronization
import WikiModel

/// The HTML of the pages a build's embeds show, kept so that a page embedded in many files is
/// parsed and rendered once for them all.
///
/// An embedded page's HTML depends on the page, the section shown, how deep the embed is
/// nested, and where it is shown: the wiki and the renderer, and the folder of the file, to
/// which its links are relative. The first three are the key; the rest is the scope an
/// `EmbedSource` names (`EmbedRenderingScope`). What else could change it is left to
/// `Transclusion`, which keeps no rendering that depends on more (a footnote's ids, numbered in
/// the file; a nested embed cut because of the file's other embeds) and reuses none where a
/// page it shows would show itself.
///
/// Thread-safe: the renderings are cut into shards by key, each behind its own lock, held only
/// to look one up or add one, so the threads that render pages at once seldom wait. Two threads
/// may render the same embed at once; they make the same HTML, and the first one is kept.
/// Memory is bounded: once `budget` bytes of HTML and ids are kept, nothing that would pass it
/// is added.
public final class EmbedRenderings: Sendable {
    /// What an embed's rendering is looked up by, within a scope.
    struct Key: Hashable, Sendable {
        let scope: String
        let title: PageTitle
        /// The heading's text or `^id` the embed shows; nil: the whole page.
        let section: String?
        /// How many texts hold the embed: 1 for an embed in the file's own text.
        let depth: Int
    }

    /// An embed's rendering, and what it depends on in the file that shows it.
    struct Rendering: Sendable {
        /// The HTML of the embedded page; nil when it has no such section.
        let html: String?
        /// How many pages it shows inside itself, at any depth: each counts towards
        /// `Transclusion.maxPages`.
        let nestedPages: Int
        /// The pages its nested embeds name that were not cut as cycles: shown elsewhere, it
        /// would differ if one of them held it.
        let named: [PageTitle]
    }

    /// Where a page's sections start: its headings' ids and its block ids. An embed of a
    /// section the page does not have is shown as missing without parsing the page again.
    struct Anchors: Sendable {
        let headingIDs: Set<String>
        let blockIDs: Set<String>

        /// Whether `section` (a heading's text or `^id`) may be one of them. String equality is
        /// looser than the bytes `Transclusion` compares, so a section found here may still
        /// be missing there; one not found here is missing there too.
        func mayHave(_ section: String) -> Bool {
            guard let blockID = BlockIDs.id(inFragment: section) else {
                return headingIDs.contains(HeadingSlug.slug(section))
            }
            return blockIDs.contains(blockID)
        }

        var size: Int { (headingIDs.union(blockIDs)).reduce(0) { $0 + $1.utf8.count } }
    }

    /// A page, within a scope.
    struct Page: Hashable, Sendable {
        let scope: String
        let title: PageTitle
    }

    private struct Tables {
        var renderings: [Key: Rendering] = [:]
        var anchors: [Page: Anchors] = [:]
    }

    private final class Shard: Sendable {
        let tables = Mutex(Tables())
    }

    /// How many bytes of HTML are kept at most.
    public let budget: Int
    private let shards: [Shard]
    private let used = Atomic<Int>(0)

    /// Room for `budget` bytes of HTML.
    public init(budget: Int = 64 << 20) {
        self.budget = budget
        shards = (0..<16).map { _ in Shard() }
    }

    /// The rendering kept for `key`, if any.
    func rendering(for key: Key) -> Rendering? {
        shard(of: key).tables.withLock { $0.renderings[key] }
    }

    /// Keeps `rendering` for `key` if there is room for it and none is kept yet.
    func keep(_ rendering: Rendering, for key: Key) {
        keep(size: rendering.html?.utf8.count ?? 0, in: shard(of: key)) { tables in
            guard tables.renderings[key] == nil else { return false }
            tables.renderings[key] = rendering
            return true
        }
    }

    /// The anchors kept for `page`, if any.
    func anchors(of page: Page) -> Anchors? {
        shard(of: page).tables.withLock { $0.anchors[page] }
    }

    /// Keeps the anchors of `page` if there is room for them and none are kept yet.
    func keep(_ anchors: Anchors, of page: Page) {
        keep(size: anchors.size, in: shard(of: page)) { tables in
            guard tables.anchors[page] == nil else { return false }
            tables.anchors[page] = anchors
            return true
        }
    }

    /// Adds to `shard`'s tables with `add`, which says whether it added, when `size` more bytes
    /// fit in the budget.
    private func keep(size: Int, in shard: Shard, _ add: (inout Tables) -> Bool) {
        guard used.load(ordering: .relaxed) + size <= budget else { return }
        if shard.tables.withLock({ add(&$0) }) { used.add(size, ordering: .relaxed) }
    }

    private func shard(of key: some Hashable) -> Shard {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }
}

/// Where the texts of one `EmbedSource` share their embeds' renderings: the texts of one wiki,
/// rendered by one renderer, in files of one folder (their links relative to it) share a
/// `name`. The same name in the same `renderings` must mean the same HTML for the same embed.
public struct EmbedRenderingScope: Sendable {
    public let renderings: EmbedRenderings
    public let name: String

    public init(renderings: EmbedRenderings, name: String) {
        self.renderings = renderings
        self.name = name
    }
}
