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
        number = time.utcDayNumber
        let date = time.utcDate
        datetime = Timestamp.text(ofDate: date)
        let weekday = Self.weekdays[Int((number + 4) % 7 + 7) % 7]
        heading = "\(weekday) \(date.day) \(Self.months[Int(date.month) - 1]) \(date.year)"
    }

    /// The time of day of `time`, in UTC: `01:33`.
    static func timeOfDay(_ time: Timestamp) -> String {
        time.utcTimeText
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
