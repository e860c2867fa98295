import WikiModel

/// The day (UTC) of a timestamp, as the lists by date group and head their entries.
struct CalendarDay: Equatable, Sendable {
    /// Days since 1970-01-01: the same number for every time of the same UTC day.
    let number: Int64
    /// As people read it: `Sunday 16 December 2012`.
    let heading: String
    /// For `<time datetime>`: `2012-12-16`.
    let datetime: String

    /// The day of `time`, in UTC.
    init(_ time: Timestamp) {
        let seconds = time.secondsSinceEpoch
        number = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
        // `Timestamp.display` is `YYYY-MM-DD HH:MM UTC`, the year possibly longer or negative.
        let date = time.display.split(separator: " ", maxSplits: 1).first.map(String.init) ?? time.display
        datetime = date
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, let month = Int(parts[parts.count - 2]), (1...12).contains(month),
            let day = Int(parts[parts.count - 1])
        else {
            heading = date
            return
        }
        let year = date.dropLast(parts[parts.count - 2].count + parts[parts.count - 1].count + 2)
        let weekday = Self.weekdays[Int(((number + 4) % 7 + 7) % 7)]
        heading = "\(weekday) \(day) \(Self.months[month - 1]) \(Int(year).map(String.init) ?? String(year))"
    }

    /// The time of day of `time`, in UTC: `01:33`.
    static func timeOfDay(_ time: Timestamp) -> String {
        let parts = time.display.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : time.display
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
