import WikiDocuments
import WikiModel

/// A timestamp written in UTC as RFC 3339 and the W3C Datetime profile both accept, which is
/// what Atom's `<updated>` and a sitemap's `<lastmod>` require: `2012-12-09T06:05:55.031Z`.
///
/// A document's timestamp may be written with an offset, a lowercase `t` or `z`, a comma, or
/// without seconds (`Timestamp` accepts them all); here it is always the same instant in one
/// spelling: uppercase `T` and `Z`, seconds always, the fraction without trailing zeros and
/// left out when zero.
package struct UTCDateTime: Comparable, Sendable {
    /// The instant.
    package let timestamp: Timestamp
    /// Its spelling.
    package let text: String

    /// `timestamp` in UTC; `nil` when its year in UTC is outside 0000–9999, which these
    /// formats cannot write (a document's `9999-12-31T23:30-01:00`).
    package init?(_ timestamp: Timestamp) {
        let seconds = timestamp.secondsSinceEpoch
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        guard (0...9999).contains(date.year) else { return nil }
        var text = Self.padded(date.year, 4) + "-" + Self.padded(date.month, 2) + "-" + Self.padded(date.day, 2)
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
    package init?(writtenAs text: String) {
        guard let timestamp = Timestamp(text) else { return nil }
        self.timestamp = timestamp
        self.text = text
    }

    package static func == (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool { lhs.timestamp == rhs.timestamp }

    package static func < (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool { lhs.timestamp < rhs.timestamp }

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
    package var lastChangeInUTC: UTCDateTime? {
        (updatedAt ?? createdAt).flatMap(UTCDateTime.init)
    }
}
