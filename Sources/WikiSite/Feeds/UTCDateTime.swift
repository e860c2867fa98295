import WikiModel

/// A timestamp written in UTC as RFC 3339 and the W3C Datetime profile both accept, which is
/// what Atom's `<updated>` and a sitemap's `<lastmod>` require: `2012-12-09T06:05:55.031Z`.
///
/// A document's timestamp may be written with an offset, a lowercase `t` or `z`, a comma, or
/// without seconds (`Timestamp` accepts them all); here it is always the same instant in one
/// spelling: uppercase `T` and `Z`, seconds always, the fraction without trailing zeros and
/// left out when zero.
struct UTCDateTime: Comparable, Sendable {
    /// The instant.
    let timestamp: Timestamp
    /// Its spelling.
    let text: String

    /// `timestamp` in UTC; `nil` when its year in UTC is outside 0000–9999, which these
    /// formats cannot write (a document's `9999-12-31T23:30-01:00`).
    init?(_ timestamp: Timestamp) {
        let seconds = timestamp.secondsSinceEpoch
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return nil }
        var text = Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
        text += "T" + Self.padded(secondOfDay / 3600, 2) + ":" + Self.padded(secondOfDay % 3600 / 60, 2)
        text += ":" + Self.padded(secondOfDay % 60, 2)
        if timestamp.nanoseconds > 0 {
            var fraction = Self.padded(Int64(timestamp.nanoseconds), 9)
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        self.timestamp = timestamp
        self.text = text + "Z"
    }

    /// The instant `text` names, a spelling `init(_:)` made (as the build state keeps it); nil
    /// when it is no timestamp.
    init?(writtenAs text: String) {
        guard let timestamp = Timestamp(text) else { return nil }
        self.timestamp = timestamp
        self.text = text
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func == (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool { lhs.timestamp == rhs.timestamp }

    static func < (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool { lhs.timestamp < rhs.timestamp }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Wiki {
    /// When the wiki document last changed: `updated_at`, else `created_at`; `nil` when it
    /// has neither (or the time cannot be written in UTC).
    var lastChangeInUTC: UTCDateTime? {
        (updatedAt ?? createdAt).flatMap(UTCDateTime.init)
    }
}

extension Page {
    /// When the page last changed: `updated_at`, or `created_at` for a page never updated;
    /// `nil` when it has neither (or the time cannot be written in UTC).
    var lastChangeInUTC: UTCDateTime? {
        (updatedAt ?? createdAt).flatMap(UTCDateTime.init)
    }
}
