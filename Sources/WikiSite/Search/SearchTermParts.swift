import WikiRender

/// The parts of a common term's postings: a term whose postings weigh more than `threshold`
/// bytes is not written in its shard but in part files (`p-<term key>-<band>.js`), one per band
/// of postings, best first. The shard then holds only the term's number of postings and each
/// part's band and bound, so a first query loads the term's best part alone.
///
/// A posting's band is a function of the posting alone (its fields, count and length class),
/// never of its rank: an edit moves a posting only between the parts it leaves and joins.
struct SearchTermParts: Sendable, Equatable {
    /// The bands of one group of fields (title and heading, title, heading, body).
    static let bandsPerGroup = 16
    /// The longest term key (hexadecimal UTF-8) a part file is named by: a longer term is never
    /// split, so no file name grows past what file systems allow.
    static let longestKey = 64

    /// One part of a term: its band and its postings, in key order.
    struct Part: Sendable, Equatable {
        let band: Int
        let postings: [SearchShard.Posting]
    }

    /// What a term shard and the state keep of one part: its band, how many postings it has,
    /// what bounds their scores, and what they weigh. The part's postings are its own file's,
    /// and its own row of the state's, so that an edit reads and writes the parts it changes and
    /// no other.
    struct Summary: Sendable, Equatable {
        let band: Int
        let count: Int
        let maxCount: Int
        let minLengthClass: Int
        let fields: Int
        /// What the part's postings weigh in their term's size (`SearchShard.size(of:_:)`).
        let size: Int
    }

    /// The most a term's postings may weigh (`SearchShard.size(of:_:)`) and stay in its shard.
    let threshold: Int

    /// Whether `term` with `postings` is written in parts.
    func splits(_ term: String, _ postings: [SearchShard.Posting]) -> Bool {
        splits(term, size: SearchShard.size(of: term, postings))
    }

    /// Whether `term`, weighing `size` (`SearchShard.size(of:_:)`), is written in parts.
    func splits(_ term: String, size: Int) -> Bool {
        size > threshold && SearchTerms.shardKey(of: term, length: .max).count <= Self.longestKey
    }

    /// The band of `posting`, 0 the best: the group of its fields (a title match ranks first,
    /// then a heading match), then its impact, `4 × log2(count / length)` in steps of 2, the
    /// highest first.
    static func band(of posting: SearchPosting) -> Int {
        let fields = Int(posting.fields)
        let group = (fields & SearchIndex.inTitle == 0 ? 2 : 0) + (fields & SearchIndex.inHeading == 0 ? 1 : 0)
        let impact = SearchIndex.lengthClass(Int(posting.count)) - Int(posting.lengthClass)
        let step = min(bandsPerGroup - 1, max(0, -impact / 2))
        return group * bandsPerGroup + step
    }

    /// The parts of `postings` (in key order), by band, best first, each in key order.
    static func parts(of postings: [SearchShard.Posting]) -> [Part] {
        var bands: [Int: [SearchShard.Posting]] = [:]
        for posting in postings { bands[band(of: posting.posting), default: []].append(posting) }
        return bands.keys.sorted().map { Part(band: $0, postings: bands[$0]!) }
    }

    /// The summaries of the parts of `postings`, best first: those of `parts(of:)`, made in one
    /// pass without gathering a part's postings, for a shard's file and row need no more.
    static func summaries(of postings: [SearchShard.Posting]) -> [Summary] {
        var tallies = [Summary?](repeating: nil, count: 4 * bandsPerGroup)
        for posting in postings {
            let band = band(of: posting.posting)
            let (count, fields) = (Int(posting.posting.count), Int(posting.posting.fields))
            let (lengthClass, size) = (Int(posting.posting.lengthClass), SearchShard.size(of: CollectionOfOne(posting)))
            tallies[band] =
                tallies[band].map { tally in
                    Summary(
                        band: band, count: tally.count + 1, maxCount: max(tally.maxCount, count),
                        minLengthClass: min(tally.minLengthClass, lengthClass), fields: tally.fields | fields,
                        size: tally.size + size)
                }
                ?? Summary(
                    band: band, count: 1, maxCount: count, minLengthClass: lengthClass, fields: fields, size: size)
        }
        return tallies.compactMap { $0 }
    }

    /// The name of the file of part `band` of `term`, without `.js`.
    static func fileName(of term: String, band: Int) -> String {
        "p-" + SearchTerms.shardKey(of: term, length: .max) + "-" + String(band)
    }

    /// What a shard holds of a split term: `{"n": postings, "p": [[band, most count, least length
    /// class, fields], …]}`, the parts best first. The search script bounds the score of the
    /// documents of a part it has not loaded from them.
    static func summary(of parts: [Summary]) -> String {
        let count = parts.reduce(0) { $0 + $1.count }
        let list = parts.map { "[\($0.band),\($0.maxCount),\($0.minLengthClass),\($0.fields)]" }
        return "{\"n\":\(count),\"p\":[" + list.joined(separator: ",") + "]}"
    }

    /// The value of a part's file: its postings `[key, count, fields, section, length class]`.
    static func value(of part: Part) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        SearchShard.appendPostings(part.postings, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
