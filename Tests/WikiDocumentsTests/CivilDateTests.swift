import SplitMix64
import Testing
import WikiDocuments

/// `CivilDate`, the one calendar arithmetic of timestamps, feeds and file times.
@Suite struct CivilDateTests {
    @Test(arguments: [
        (0, 1970, 1, 1), (-1, 1969, 12, 31), (59, 1970, 3, 1), (11_016, 2000, 2, 29), (-719_528, 0, 1, 1),
        (2_932_896, 9999, 12, 31), (19_782, 2024, 2, 29),
    ])
    func knownDaysHaveTheirDates(days: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(CivilDate(daysSinceEpoch: days) == CivilDate(year: year, month: month, day: day))
        #expect(CivilDate(year: year, month: month, day: day).daysSinceEpoch == days)
    }

    @Test func everyDayRoundTripsAndFollowsTheDayBefore() {
        var random = SplitMix64(seed: 2_026_112)
        for _ in 0..<20_000 {
            let days = Int64.random(in: -1_000_000...3_000_000, using: &random)
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            let next = CivilDate(daysSinceEpoch: days + 1)
            let lastOfMonth = date.day == CivilDate.daysInMonth(date.month, ofYear: date.year)
            #expect(next.day == (lastOfMonth ? 1 : date.day + 1))
        }
    }

    @Test func floorDivisionRoundsTowardsNegativeInfinity() {
        #expect(Int64(-1).floorDivided(by: 86_400) == -1)
        #expect(Int64(-86_400).floorDivided(by: 86_400) == -1)
        #expect(Int64(86_399).floorDivided(by: 86_400) == 0)
    }
}
