import Testing
import WikiDocuments

/// `Fingerprint` tells lists of fields apart, and gives the same digest on every run.
@Suite struct FingerprintTests {
    static func digest(_ fields: [String?]) -> Int64 {
        var fingerprint = Fingerprint()
        for field in fields { fingerprint.add(field) }
        return fingerprint.value
    }

    @Test func differentListsOfFieldsHaveDifferentDigests() {
        var lists: [[String?]] = [
            [], [nil], [""], [nil, nil], ["", ""], ["ab", "c"], ["a", "bc"], ["abc"], ["abc", nil],
        ]
        // Every length around the eight-byte words, and a zero byte at the end.
        for length in 0...17 { lists.append([String(repeating: "x", count: length)]) }
        lists.append(["xxxxxxx\u{0}"])
        lists.append(["Caf\u{E9}"])
        lists.append(["Cafe\u{301}"])
        let digests = lists.map(Self.digest)
        #expect(Set(digests).count == Set(lists.map { $0.map { $0.map { Array($0.utf8) } } }).count)

        var number = Fingerprint()
        number.add(0)
        #expect(!digests.contains(number.value))
    }

    @Test func theDigestIsTheSameOnEveryRun() {
        // A fixed value: a digest that changed between runs or machines would rebuild everything.
        #expect(Self.digest(["Welcome"]) == 8_701_753_838_634_652_666)
    }
}
