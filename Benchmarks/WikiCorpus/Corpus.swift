/// A synthetic TouchWiki database for benchmarks: one wiki of `pageCount` pages of realistic
/// Markdown (about 2.5 KB each: headings, lists, emphasis, code blocks, quotes, external links,
/// and 5 to 15 wikilinks, about 10 % of them to missing pages and about 20 % with a label).
///
/// Everything is a function of the seed: the same corpus is the same bytes on every machine.
/// Each page is drawn from a generator of its own, so a page's text depends on its number alone,
/// and ``editRevision`` changes one page (``editedPage``) and nothing else, as a user's edit does.
public struct Corpus: Sendable {
    /// The ID of the corpus's wiki.
    public static let wikiID = "4242424242424242"

    /// How many pages the wiki has.
    public let pageCount: Int
    /// What every byte of the corpus is drawn from.
    public let seed: UInt64
    /// How many times ``editedPage`` has been edited: 0 for the corpus as first written.
    public let editRevision: Int

    /// A corpus of `pageCount` pages drawn from `seed`, its ``editedPage`` edited `editRevision`
    /// times.
    public init(pageCount: Int, seed: UInt64 = 1, editRevision: Int = 0) {
        precondition(pageCount > 0 && editRevision >= 0)
        self.pageCount = pageCount
        self.seed = seed
        self.editRevision = editRevision
    }

    /// The page a one-page edit changes: the one in the middle.
    public var editedPage: Int { pageCount / 2 }

    /// The number of the `n`th page created after the corpus (from 1): the numbers past the
    /// last page, whose titles the pages link to as missing (for the first ``missingTitleCount``),
    /// and whose creation times are later than every page's.
    public func createdPage(_ n: Int) -> Int {
        precondition(n >= 1)
        return pageCount + n - 1
    }

    /// How many titles the missing links point to: the titles of the pages that would come after
    /// the last one, so they look like every other title and are sure not to exist.
    var missingTitleCount: Int { max(10, pageCount / 10) }

    /// The title of page `number`; numbers from ``pageCount`` on are titles no page has.
    ///
    /// Three words (qualifier, subject, topic), picked by a permutation of the number, so that
    /// neighbours do not look alike, with punctuation on some: `Über Straße: Notes`,
    /// `Quick Sync (C++)`, `Señor & Café Plan`, `Warm's Gateway Guide`, `Old Index Log?`. Every
    /// number has its own title.
    public func title(ofPage number: Int) -> String {
        let words = (CorpusWords.qualifiers, CorpusWords.subjects, CorpusWords.topics)
        let combinations = words.0.count * words.1.count * words.2.count
        let permuted = (number % combinations) * 7919 % combinations
        let first = words.0[permuted % words.0.count]
        let second = words.1[permuted / words.0.count % words.1.count]
        let third = words.2[permuted / (words.0.count * words.1.count)]
        let round = number / combinations
        let suffix = round == 0 ? "" : " \(round + 1)"
        switch number % 10 {
        case 0: return "\(first) \(second): \(third)\(suffix)"
        case 1: return "\(first) \(second) (\(third))\(suffix)"
        case 2: return "\(first) & \(second) \(third)\(suffix)"
        case 3: return "\(first)'s \(second) \(third)\(suffix)"
        case 4: return "\(first) \(second) \(third)?\(suffix)"
        default: return "\(first) \(second) \(third)\(suffix)"
        }
    }

    /// The Markdown of page `number`.
    public func markdown(ofPage number: Int) -> String {
        var random = SeededRandom(seed: seed, item: number)
        let links = (0..<random.inRange(5...15)).map { _ in link(from: number, random: &random) }
        var text = PageText(random: random, links: links)
        text.writePage(titled: title(ofPage: number))
        if number == editedPage && editRevision > 0 {
            text.writeEdit(revision: editRevision + 1)
        }
        return text.output
    }

    /// A wikilink from page `source`: 10 % to missing pages, the rest to pages drawn half
    /// uniformly and half among the first (popular) pages; 20 % have a label.
    private func link(from source: Int, random: inout SeededRandom) -> String {
        let target: Int
        if random.chance(10) {
            target = pageCount + random.below(missingTitleCount)
        } else {
            let drawn = random.chance(50) ? random.below(pageCount) : random.skewed(below: pageCount)
            target = drawn == source ? (drawn + 1) % pageCount : drawn
        }
        let title = title(ofPage: target)
        guard random.chance(20) else { return "[[\(title)]]" }
        return "[[\(title)|\(random.pick(CorpusWords.prose)) \(random.pick(CorpusWords.prose))]]"
    }

    /// The revision of page `number`: generation 1, or 1 + ``editRevision`` for the edited page,
    /// with a hash drawn from the seed.
    func revision(ofPage number: Int) -> String {
        let generation = number == editedPage ? editRevision + 1 : 1
        var random = SeededRandom(seed: seed, item: number, variant: generation)
        let hash = String(random.next(), radix: 16) + String(random.next(), radix: 16)
        return "\(generation)-\(hash)"
    }

    /// Creation and update times of page `number`: a page a minute, and the edits of the edited
    /// page later than any creation.
    func timestamps(ofPage number: Int) -> (created: String, updated: String) {
        let created = Self.timestamp(minute: number)
        guard number == editedPage && editRevision > 0 else { return (created, created) }
        return (created, Self.timestamp(minute: 10_000_000 + editRevision))
    }

    /// The time `minute` minutes into a calendar that starts on 2000-01-01 and has 28 days in
    /// every month, so that every date exists without a calendar computation, as an ISO 8601 UTC
    /// timestamp with milliseconds.
    static func timestamp(minute: Int) -> String {
        let day = minute / 1440
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(2000 + day / (28 * 12))-\(two(day / 28 % 12 + 1))-\(two(day % 28 + 1))"
        return "\(date)T\(two(minute / 60 % 24)):\(two(minute % 60)):00.000Z"
    }
}
