import WikiModel
import WikiRender

/// The day (UTC) of a timestamp, as the lists by date group and head their entries.
package struct CalendarDay: Equatable, Sendable {
    /// Days since 1970-01-01: the same number for every time of the same UTC day.
    let number: Int64
    /// As people read it, in the words of the strings it was made with: `Sunday 16 December 2012`.
    let heading: String
    /// For `<time datetime>`: `2012-12-16`.
    let datetime: String

    /// The day of `time`, in UTC, headed in the words of `strings`.
    init(_ time: Timestamp, strings: ThemeStrings) {
        number = time.utcDayNumber
        datetime = Timestamp.text(ofDate: time.utcDate)
        heading = strings.day(time)
    }

    /// The time of day of `time`, in UTC: `01:33`.
    static func timeOfDay(_ time: Timestamp) -> String {
        time.utcTimeText
    }
}
