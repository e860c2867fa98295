import Foundation
import WikiRender

/// The parts of a common term's postings: a term whose postings weigh more than `threshold`
/// bytes is not written in its shard but in part files (`p-<term key>-<band>-<slice>.js`). Its
/// postings are grouped in bands, best first, and a band that weighs more than `threshold` is cut
/// into slices by the documents' keys, so that no part file weighs much more than `threshold`. The
/// shard then holds only the term's number of postings and each band's bound and slice count, so
/// a first query loads the term's best band alone.
///
/// A posting's band is a function of the posting alone (its fields and count),
/// never of its rank, and its slice a function of its key and its band's size: an edit moves a
/// posting only between the part it leaves and the one it joins, each no larger than a slice, at
/// any size of the wiki.
package struct SearchTermParts: Sendable, Equatable {
    /// The bands of one group of fields (title and heading, title, heading, body).
    static let bandsPerGroup = 16
    /// The longest term key (hexadecimal UTF-8) a part file is named by: a longer term is never
    /// split, so no file name grows past what file systems allow.
    static let longestKey = 64
    /// The most slices a band is cut into, a power of two: a band of a million postings still
    /// loads in a few hundred files.
    package static let mostSlices = 256

    /// One part of a term: the band and slice of its postings, and the postings, in key order.
    package struct Part: Sendable, Equatable {
        package let band: Int
        package let slice: Int
        package let postings: [SearchShard.Posting]
    }

    /// What bounds the scores of a part's postings: the most times the term is in one of their
    /// documents, and the fields any has.
    struct Bound: Sendable, Equatable {
        let maxCount: Int
        let fields: Int

        /// The bound of both `self`'s postings and `other`'s.
        func merging(_ other: Bound) -> Bound {
            Bound(maxCount: max(maxCount, other.maxCount), fields: fields | other.fields)
        }
    }

    /// What a term shard and the state keep of one part: its band and slice, how many postings it
    /// has, what bounds their scores, and what they weigh. The part's postings are its own file's,
    /// and its own row of the state's, so that an edit reads and writes the parts it changes and
    /// no other.
    package struct Summary: Sendable, Equatable {
        package let band: Int
        package let slice: Int
        let count: Int
        let bound: Bound
        /// What the part's postings weigh in their term's size (`SearchShard.size(of:_:)`).
        package let size: Int
    }

    /// The most a term's postings may weigh (`SearchShard.size(of:_:)`) and stay in its shard, and
    /// the most a band's may weigh and stay one part.
    let threshold: Int

    /// Whether `term` with `postings` is written in parts.
    package func splits(_ term: String, _ postings: [SearchShard.Posting]) -> Bool {
        splits(term, size: SearchShard.size(of: term, postings))
    }

    /// Whether `term`, weighing `size` (`SearchShard.size(of:_:)`), is written in parts.
    package func splits(_ term: String, size: Int) -> Bool {
        size > threshold && SearchTerms.shardKey(of: term, length: .max).count <= Self.longestKey
    }

    /// The band of `posting`, 0 the best: the group of its fields (a title match ranks first,
    /// then a heading match), then its count's impact (`impact(ofCount:)`) in steps of 2, the
    /// highest first: a count of 1 is the group's last step, one of 166 or more its first.
    package static func band(of posting: SearchPosting) -> Int {
        let fields = Int(posting.fields)
        let group = (fields & SearchIndex.inTitle == 0 ? 2 : 0) + (fields & SearchIndex.inHeading == 0 ? 1 : 0)
        let step = max(0, bandsPerGroup - 1 - impact(ofCount: Int(posting.count)) / 2)
        return group * bandsPerGroup + step
    }

    /// `4 × log2(count)`, rounded: how much a count weighs in a band, 4 steps a doubling, so
    /// that a band's postings' scores are close.
    static func impact(ofCount count: Int) -> Int {
        (0..<smallImpacts.count).contains(count) ? smallImpacts[count] : workedOutImpact(count)
    }

    /// The impacts of the counts below 1,024, worked out once: every posting's band asks for
    /// one, most of them small.
    private static let smallImpacts = (0..<1024).map(workedOutImpact)

    private static func workedOutImpact(_ count: Int) -> Int {
        count < 1 ? 0 : Int((4 * log2(Double(count))).rounded())
    }

    /// How many slices a band weighing `size` is cut into: the fewest, a power of two, that leave
    /// each slice about `threshold` or less, the keys being spread evenly.
    package func slices(ofBandSize size: Int) -> Int {
        var slices = 1
        while slices < Self.mostSlices && size > threshold * slices { slices *= 2 }
        return slices
    }

    /// The slice of the document `key` in a band cut into `slices`: the key's leading bits.
    package static func slice(ofKey key: UInt64, slices: Int) -> Int {
        Int(key >> UInt64(4 * SearchShard.keyLength - slices.trailingZeroBitCount))
    }

    /// The parts of `postings` (in key order), by band and then slice, best first, each in key
    /// order.
    package func parts(of postings: [SearchShard.Posting]) -> [Part] {
        var bands = [[SearchShard.Posting]](repeating: [], count: 4 * Self.bandsPerGroup)
        for posting in postings { bands[Self.band(of: posting.posting)].append(posting) }
        return bands.enumerated().flatMap { band, postings in
            Self.sliced(postings, band: band, slices: slices(ofBandSize: SearchShard.size(of: postings)))
        }
    }

    /// The parts of `band` whose `postings` (in key order) are cut into `slices`: those of the
    /// slices that hold any, in key order.
    package static func sliced(_ postings: [SearchShard.Posting], band: Int, slices: Int) -> [Part] {
        var cut: [(slice: Int, postings: [SearchShard.Posting])] = []
        for posting in postings {
            let slice = slice(ofKey: posting.key, slices: slices)
            if cut.last?.slice == slice {
                cut[cut.count - 1].postings.append(posting)
            } else {
                cut.append((slice, [posting]))
            }
        }
        return cut.map { Part(band: band, slice: $0.slice, postings: $0.postings) }
    }

    /// The summaries of the parts of `postings` (in key order), best first: those of `parts(of:)`,
    /// made in two passes without gathering a part's postings (the bands' sizes, then the parts'
    /// tallies, each in a slot of arrays), for a shard's file and row need no more.
    func summaries(of postings: [SearchShard.Posting]) -> [Summary] {
        let bands = 4 * Self.bandsPerGroup
        var bandSizes = [Int](repeating: 0, count: bands)
        let bandOfPosting = postings.map { Self.band(of: $0.posting) }
        for (posting, band) in zip(postings, bandOfPosting) { bandSizes[band] += SearchShard.size(of: posting) }
        let slicesOfBand = bandSizes.map { slices(ofBandSize: $0) }
        var firstSlot = [Int](repeating: 0, count: bands + 1)
        for band in 0..<bands { firstSlot[band + 1] = firstSlot[band] + slicesOfBand[band] }
        let slots = firstSlot[bands]
        var (counts, sizes) = ([Int](repeating: 0, count: slots), [Int](repeating: 0, count: slots))
        var (maxCounts, fields) = ([Int](repeating: 0, count: slots), [Int](repeating: 0, count: slots))
        for (posting, band) in zip(postings, bandOfPosting) {
            let slot = firstSlot[band] + Self.slice(ofKey: posting.key, slices: slicesOfBand[band])
            counts[slot] += 1
            sizes[slot] += SearchShard.size(of: posting)
            maxCounts[slot] = max(maxCounts[slot], Int(posting.posting.count))
            fields[slot] |= Int(posting.posting.fields)
        }
        return (0..<bands).flatMap { band in
            (firstSlot[band]..<firstSlot[band + 1]).filter { counts[$0] > 0 }.map { slot in
                let bound = Bound(maxCount: maxCounts[slot], fields: fields[slot])
                return Summary(
                    band: band, slice: slot - firstSlot[band], count: counts[slot], bound: bound, size: sizes[slot])
            }
        }
    }

    /// The summary of `part`.
    package static func summary(of part: Part) -> Summary {
        let ones = part.postings.map { summary(of: $0, band: part.band, slice: part.slice) }
        return Summary(
            band: part.band, slice: part.slice, count: ones.count,
            bound: ones.dropFirst().reduce(ones[0].bound) { $0.merging($1.bound) },
            size: ones.reduce(0) { $0 + $1.size })
    }

    /// The summary of a part in `band` and `slice` holding `posting` alone.
    private static func summary(of posting: SearchShard.Posting, band: Int, slice: Int) -> Summary {
        let bound = Bound(maxCount: Int(posting.posting.count), fields: Int(posting.posting.fields))
        return Summary(band: band, slice: slice, count: 1, bound: bound, size: SearchShard.size(of: posting))
    }

    /// The name of the file of the part of `term` in `band` and `slice`, without `.js`.
    static func fileName(of term: String, band: Int, slice: Int) -> String {
        "p-" + SearchTerms.shardKey(of: term, length: .max) + "-" + String(band) + "-" + String(slice)
    }

    /// What a shard holds of a split term: `{"n": postings, "p": [[band, most count, fields,
    /// slices], …]}`, the bands best first. The search script bounds the score of
    /// the documents of a band it has not loaded from them, and loads a band's slices together.
    func summary(of parts: [Summary]) -> String {
        var bands: [(band: Int, bound: Bound, size: Int)] = []
        for part in parts {
            guard bands.last?.band == part.band else {
                bands.append((part.band, part.bound, part.size))
                continue
            }
            bands[bands.count - 1].bound = bands[bands.count - 1].bound.merging(part.bound)
            bands[bands.count - 1].size += part.size
        }
        let list = bands.map { band in
            let bound = band.bound
            return
                "[\(band.band),\(bound.maxCount),\(bound.fields),\(slices(ofBandSize: band.size))]"
        }
        return "{\"n\":\(parts.reduce(0) { $0 + $1.count }),\"p\":[" + list.joined(separator: ",") + "]}"
    }

    /// The value of a part's file: its postings `[key, count, fields, section]`.
    static func value(of part: Part) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        SearchShard.appendPostings(part.postings, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
