import WikiDocuments

/// An instant read from the file system or from git: seconds since 1970 and nanoseconds.
struct FileTime: Comparable, Hashable, Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    let seconds: Int64
    /// The fraction of the second, `0..<1_000_000_000`.
    let nanoseconds: Int64

    init(seconds: Int64, nanoseconds: Int64 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The instant as a JSON timestamp in UTC to the millisecond, as JavaScript's `Date.toJSON()`
    /// writes it: `2012-12-09T06:05:55.031Z`; `nil` outside the years 0 to 9999, which that form
    /// cannot write.
    var json: String? {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        guard (0...9999).contains(date.year) else { return nil }
        var text = ""
        text.reserveCapacity(24)
        text += Self.padded(date.year, 4) + "-" + Self.padded(date.month, 2) + "-" + Self.padded(date.day, 2)
        text += "T" + Self.padded(secondOfDay / 3600, 2) + ":" + Self.padded(secondOfDay % 3600 / 60, 2)
        text += ":" + Self.padded(secondOfDay % 60, 2) + "." + Self.padded(nanoseconds / 1_000_000, 3) + "Z"
        return text
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
