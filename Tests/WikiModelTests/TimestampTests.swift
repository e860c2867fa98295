import SplitMix64
import Testing

@testable import WikiModel

@Suite struct TimestampTests {
    @Test func parsesJavaScriptTimestamps() throws {
        let timestamp = try #require(Timestamp("2012-12-09T06:05:55.031Z"))
        #expect(timestamp.text == "2012-12-09T06:05:55.031Z")
        #expect(timestamp.secondsSinceEpoch == 1_355_033_155)
        #expect(timestamp.nanoseconds == 31_000_000)
        #expect(timestamp.display == "2012-12-09 06:05 UTC")
    }

    @Test func acceptsTheUsualVariants() throws {
        let reference = try #require(Timestamp("2012-12-16T01:33:01Z"))
        #expect(Timestamp("2012-12-16T01:33:01.000Z") == reference)
        #expect(Timestamp("2012-12-16T02:33:01+01:00") == reference)
        #expect(Timestamp("2012-12-15T20:03:01-0530") == reference)
        #expect(Timestamp("2012-12-16t01:33:01z") == reference)
        #expect(Timestamp("2012-12-16T01:33Z")?.display == "2012-12-16 01:33 UTC")
        #expect(Timestamp("2012-12-16T01:33:01,5Z")?.nanoseconds == 500_000_000)
        #expect(Timestamp("2012-12-16T01:33:01.123456789123Z")?.nanoseconds == 123_456_789)
    }

    @Test func displaysInUTC() {
        #expect(Timestamp("2012-12-31T23:30:00-01:00")?.display == "2013-01-01 00:30 UTC")
        #expect(Timestamp("1970-01-01T00:00:00+00:30")?.display == "1969-12-31 23:30 UTC")
        #expect(Timestamp("2000-02-29T12:00:00Z")?.display == "2000-02-29 12:00 UTC")
        #expect(Timestamp("0001-01-01T00:00:00Z")?.display == "0001-01-01 00:00 UTC")
        #expect(Timestamp("9999-12-31T23:59:59Z")?.display == "9999-12-31 23:59 UTC")
    }

    @Test(arguments: [
        "", "yesterday", "2012-12-09", "2012-12-09T06:05:55", "2012-12-09 06:05:55Z", "2012-13-01T00:00:00Z",
        "2013-02-29T00:00:00Z", "2012-12-32T00:00:00Z", "2012-12-09T24:00:00Z", "2012-12-09T06:60:00Z",
        "2012-12-09T06:05:60Z", "2012-12-09T06:05:55.Z", "2012-12-09T06:05:55Z ", "2012-12-09T06:05:55+1:00",
        "2012-12-09T06:05:55+24:00", "12-12-09T06:05:55Z", "２０１２-12-09T06:05:55Z",
    ])
    func refusesWhatIsNotATimestamp(_ text: String) {
        #expect(Timestamp(text) == nil)
    }

    @Test func ordersByInstant() throws {
        let earlier = try #require(Timestamp("2012-12-09T06:05:55.031Z"))
        let later = try #require(Timestamp("2012-12-09T07:05:55.032+01:00"))
        let earliest = try #require(Timestamp("1969-07-20T20:17:40Z"))
        #expect(earlier < later)
        #expect([later, earlier, earliest].sorted() == [earliest, earlier, later])
    }

    /// Written as `Date.toJSON()` writes them or any other way, timestamps give back their text
    /// exactly (the first kind is not kept as text, but written again from the instant).
    @Test(arguments: [
        "2012-12-09T06:05:55.031Z", "2012-12-09T06:05:55Z", "2012-12-09T06:05:55.0Z", "2012-12-09T06:05:55.000Z",
        "2012-12-09T06:05:55.123456789Z", "2012-12-09T06:05:55.000000001Z", "2012-12-09T06:05:55.1234567891Z",
        "2012-12-09T06:05Z", "2012-12-09t06:05:55Z", "2012-12-09T06:05:55z", "2012-12-09T06:05:55+00:00",
        "2012-12-09T07:05:55.5+01:00", "2012-12-09T06:05:55,5Z", "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
        "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999999999Z",
        "2000-02-29T12:00:00.5Z",
    ])
    func givesBackItsTextAsWritten(_ text: String) throws {
        let timestamp = try #require(Timestamp(text))
        #expect(timestamp.text.isExactly(text))
        #expect(timestamp.description.isExactly(text))
    }

    /// Random instants over four thousand years, written with every number of digits of fraction,
    /// in UTC and with an offset: the text comes back, and the instant is the one written.
    @Test func randomTimestampsGiveBackTheirText() throws {
        var random = SplitMix64(seed: 0x7157_4A3F)
        func padded(_ value: UInt64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        for _ in 0..<2000 {
            let year = 1 + random.next() % 4000
            let month = 1 + random.next() % 12
            let day = 1 + random.next() % 28
            let time =
                padded(random.next() % 24, 2) + ":" + padded(random.next() % 60, 2) + ":"
                + padded(random.next() % 60, 2)
            let digits = Int(random.next() % 10)
            let fraction = digits == 0 ? "" : "." + padded(random.next() % 1_000_000_000, 9).prefix(digits)
            let zone = random.next() % 4 == 0 ? "+02:00" : "Z"
            let text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + time + fraction + zone
            let timestamp = try #require(Timestamp(text), "\(text)")
            #expect(timestamp.text.isExactly(text), "\(text)")
            let again = try #require(Timestamp(timestamp.text))
            #expect(again == timestamp && again.nanoseconds == timestamp.nanoseconds)
        }
    }

    /// The canonical writing is the one `Date.toJSON()` gives, so such timestamps are not kept as
    /// text; one written another way is not mistaken for it.
    @Test func writesTheCanonicalText() throws {
        let timestamp = try #require(Timestamp("2012-12-09T06:05:55.031Z"))
        let canonical = CanonicalTimestamp(timestamp.secondsSinceEpoch, timestamp.nanoseconds, fractionDigits: 3)
        #expect(canonical.text == "2012-12-09T06:05:55.031Z")
        #expect(canonical.writes("2012-12-09T06:05:55.031Z"))
        #expect(!canonical.writes("2012-12-09T07:05:55.031+01:00"))
        #expect(!canonical.writes("2012-12-09t06:05:55.031Z"))
        #expect(CanonicalTimestamp.fractionDigits(ofLength: 24) == 3)
        #expect(CanonicalTimestamp.fractionDigits(ofLength: 21) == nil)
        let early = try #require(Timestamp("0000-03-01T00:00:00Z"))
        #expect(CanonicalTimestamp(early.secondsSinceEpoch - 86_400 * 366, 0, fractionDigits: 0).text == "")
    }
}
