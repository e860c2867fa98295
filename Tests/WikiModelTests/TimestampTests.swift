import Testing
import WikiModel

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
}
