import SplitMix64
import Testing
import WikiDocuments

/// A revision keeps its text exactly, however it holds the hash (32 lowercase hexadecimal digits
/// as two words, anything else as text), and compares, hashes and orders as that text does.
@Suite struct RevisionTests {
    /// Hashes of every shape: MD5s with and without leading zeros, short and long hexadecimal,
    /// uppercase, mixed case, non-hexadecimal, non-ASCII, and the two Unicode forms of `é`.
    static let hashes: [String] = {
        var random = SplitMix64(seed: 0x5EED_4E51)
        let lower = Array("0123456789abcdef")
        func hexadecimal(_ count: Int, leadingZeros: Int = 0) -> String {
            String(repeating: "0", count: leadingZeros)
                + String((0..<(count - leadingZeros)).map { _ in lower[Int(random.next() % 16)] })
        }
        var hashes = ["0", "f", "00", "0f", "f0", "ff", "a", "A", "AbC", "g", "-", "é", "e\u{301}", "日本"]
        for count in [1, 2, 15, 16, 17, 31, 32, 33, 40] {
            for _ in 0..<6 { hashes.append(hexadecimal(count)) }
            hashes.append(hexadecimal(count, leadingZeros: count / 2))
            hashes.append(String(repeating: "f", count: count))
            hashes.append(String(repeating: "0", count: count))
        }
        hashes.append(hexadecimal(32).uppercased())
        hashes.append(hexadecimal(31) + "G")
        return hashes
    }()

    @Test func theTextComesBackAsWritten() throws {
        for hash in Self.hashes {
            for generation in [1, 7, 123_456_789] {
                let text = "\(generation)-\(hash)"
                let revision = try #require(Revision(text), "\(text)")
                #expect(revision.description.isExactly(text), "\(text)")
                #expect(revision.hash.isExactly(hash), "\(text)")
                #expect(revision.generation == generation)
            }
        }
    }

    @Test func equalityHashingAndOrderAreThoseOfTheText() throws {
        let revisions = try Self.hashes.map { try #require(Revision("3-" + $0)) }
        for (left, leftHash) in zip(revisions, Self.hashes) {
            for (right, rightHash) in zip(revisions, Self.hashes) {
                let equal = Array(leftHash.utf8) == Array(rightHash.utf8)
                #expect((left == right) == equal, "\(leftHash) \(rightHash)")
                if equal { #expect(left.hashValue == right.hashValue) }
                let precedes = Array(leftHash.utf8).lexicographicallyPrecedes(Array(rightHash.utf8))
                #expect(
                    RevisionOrder.loses(left, deleted: false, to: right, deleted: false) == precedes,
                    "\(leftHash) \(rightHash)")
            }
        }
    }

    @Test func theGenerationStillDecidesFirst() throws {
        let older = try #require(Revision("2-ffffffffffffffffffffffffffffffff"))
        let newer = try #require(Revision("10-00000000000000000000000000000000"))
        #expect(RevisionOrder.loses(older, deleted: false, to: newer, deleted: false))
        #expect(!RevisionOrder.loses(newer, deleted: false, to: older, deleted: false))
        #expect(older != newer)
    }

    @Test func malformedRevisionsAreRefused() {
        for text in ["", "1", "1-", "-abc", "0-abc", "x-abc", "1234567890123456789-abc", " 1-abc"] {
            #expect(Revision(text) == nil, "\(text)")
        }
    }
}
