import WikiDocuments

/// A JSON timestamp (ISO 8601), kept as written and as the instant it names.
///
/// Accepted: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or an offset `±HH:MM` (or
/// `±HHMM`), as JavaScript's `Date.toJSON()` and CouchDB apps write them
/// (`2012-12-09T06:05:55.031Z`). A time without a zone is refused: it names no instant.
///
/// Timestamps compare by instant: `…T07:05+01:00` equals `…T06:05Z`. Parsing is done by hand,
/// without `DateFormatter`, so it is fast and never depends on the locale.
///
/// A timestamp written the way `Date.toJSON()` writes one (UTC, `Z`, seconds, up to nine digits
/// of fraction) is not kept as text: its text is written again from the instant when asked for.
/// A build holds two timestamps for each of its 100,000 pages.
public struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before).
    public let secondsSinceEpoch: Int64
    /// The fraction of the second, in nanoseconds (`0..<1_000_000_000`); digits beyond the
    /// ninth are dropped.
    public let nanoseconds: Int32
    private let written: Written

    /// How the timestamp was written: as `CanonicalTimestamp` writes the instant with that many
    /// digits of fraction, or any other way, kept as text.
    private enum Written: Sendable {
        case canonical(fractionDigits: Int)
        case text(String)
    }

    /// Parses `text`; `nil` when it is not an ISO 8601 date and time with a zone.
    public init?(_ text: String) {
        var parser = TimestampParser(bytes: Array(text.utf8))
        guard let instant = parser.parse() else { return nil }
        self.secondsSinceEpoch = instant.seconds
        self.nanoseconds = instant.nanoseconds
        let digits = CanonicalTimestamp.fractionDigits(ofLength: text.utf8.count)
        if let digits, CanonicalTimestamp(instant.seconds, instant.nanoseconds, fractionDigits: digits).writes(text) {
            written = .canonical(fractionDigits: digits)
        } else {
            written = .text(text)
        }
    }

    /// The timestamp as written in the document.
    public var text: String {
        switch written {
        case .text(let text): text
        case .canonical(let digits): CanonicalTimestamp(secondsSinceEpoch, nanoseconds, fractionDigits: digits).text
        }
    }

    /// The instant in UTC to the minute, the same everywhere: `2012-12-09 06:05 UTC`.
    public var display: String {
        utcDateText + " " + utcTimeText + " UTC"
    }

    /// Days since 1970-01-01 of the instant's UTC day (negative before).
    public var utcDayNumber: Int64 {
        secondsSinceEpoch.floorDivided(by: 86_400)
    }

    /// The instant's UTC day in the proleptic Gregorian calendar: month `1...12`, day `1...31`.
    public var utcDate: (year: Int64, month: Int64, day: Int64) {
        let date = CivilDate(daysSinceEpoch: utcDayNumber)
        return (date.year, date.month, date.day)
    }

    /// The instant's UTC day as `display` writes it: `2012-12-09` (the year in four digits or
    /// more, with `-` before a year before 1 BC… as ISO 8601 numbers them).
    public var utcDateText: String {
        Self.text(ofDate: utcDate)
    }

    /// `date` (a `utcDate`) as `utcDateText` writes it.
    public static func text(ofDate date: (year: Int64, month: Int64, day: Int64)) -> String {
        let year = date.year < 0 ? "-" + padded(-date.year, 4) : padded(date.year, 4)
        return year + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
    }

    /// The instant's UTC time of day to the minute: `06:05`.
    public var utcTimeText: String {
        let secondOfDay = secondsSinceEpoch - utcDayNumber * 86_400
        return Self.padded(secondOfDay / 3600, 2) + ":" + Self.padded(secondOfDay % 3600 / 60, 2)
    }

    public var description: String { text }

    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch == rhs.secondsSinceEpoch && lhs.nanoseconds == rhs.nanoseconds
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.secondsSinceEpoch, lhs.nanoseconds) < (rhs.secondsSinceEpoch, rhs.nanoseconds)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSinceEpoch)
        hasher.combine(nanoseconds)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// An instant written as `Date.toJSON()` writes it, but with any number of digits of fraction
/// from none to nine: `2012-12-09T06:05:55Z`, `2012-12-09T06:05:55.031Z`. Only years 0 to 9999.
struct CanonicalTimestamp {
    let seconds: Int64
    let nanoseconds: Int32
    let fractionDigits: Int

    init(_ seconds: Int64, _ nanoseconds: Int32, fractionDigits: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.fractionDigits = fractionDigits
    }

    /// The longest text: 20 bytes, a point and nine digits.
    static let maximumLength = 30

    /// How many digits of fraction a canonical text of `length` bytes has; nil when none has
    /// that length.
    static func fractionDigits(ofLength length: Int) -> Int? {
        if length == 20 { return 0 }
        return (22...30).contains(length) ? length - 21 : nil
    }

    /// Whether this is exactly how `text` writes the instant.
    func writes(_ text: String) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength) { buffer in
            guard let count = write(into: buffer) else { return false }
            return text.utf8.elementsEqual(buffer[..<count])
        }
    }

    /// The text; only for an instant `writes(_:)` said yes to.
    var text: String {
        String(unsafeUninitializedCapacity: Self.maximumLength) { write(into: $0) ?? 0 }
    }

    /// Writes the text into `buffer` (of `maximumLength` bytes at least) and returns its length;
    /// nil for a year before 0 or after 9999.
    private func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let day = seconds.floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: day)
        guard (0...9999).contains(date.year) else { return nil }
        let secondOfDay = seconds - day * 86_400
        var position = 0
        func put(_ value: Int64, digits: Int) {
            var value = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            position += digits
        }
        func put(_ character: Unicode.Scalar) {
            buffer[position] = UInt8(ascii: character)
            position += 1
        }
        put(date.year, digits: 4)
        put("-")
        put(date.month, digits: 2)
        put("-")
        put(date.day, digits: 2)
        put("T")
        put(secondOfDay / 3600, digits: 2)
        put(":")
        put(secondOfDay % 3600 / 60, digits: 2)
        put(":")
        put(secondOfDay % 60, digits: 2)
        if fractionDigits > 0 {
            put(".")
            var fraction = Int64(nanoseconds)
            for _ in fractionDigits..<9 { fraction /= 10 }
            put(fraction, digits: fractionDigits)
        }
        put("Z")
        return position
    }
}

/// Reads `YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM|±HHMM)` from bytes.
private struct TimestampParser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() -> (seconds: Int64, nanoseconds: Int32)? {
        guard let year = number(digits: 4), expect("-"),
            let month = number(digits: 2), expect("-"),
            let day = number(digits: 2), expect("T") || expect("t"),
            let hour = number(digits: 2), expect(":"),
            let minute = number(digits: 2)
        else { return nil }
        var second: Int64 = 0
        var nanoseconds: Int32 = 0
        if expect(":") {
            guard let value = number(digits: 2) else { return nil }
            second = value
            if expect(".") || expect(",") {
                guard let fraction = fraction() else { return nil }
                nanoseconds = fraction
            }
        }
        guard let offset = zoneOffset(), position == bytes.count,
            (1...12).contains(month), (1...CivilDate.daysInMonth(month, ofYear: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return (seconds, nanoseconds)
    }

    /// The zone as seconds east of UTC.
    private mutating func zoneOffset() -> Int64? {
        if expect("Z") || expect("z") { return 0 }
        let sign: Int64
        if expect("+") {
            sign = 1
        } else if expect("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2) else { return nil }
        _ = expect(":")
        guard let minutes = number(digits: 2), (0...23).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// One or more digits after the decimal mark, as nanoseconds.
    private mutating func fraction() -> Int32? {
        var value: Int32 = 0
        var count = 0
        while position < bytes.count, let digit = digitValue(bytes[position]) {
            if count < 9 { value = value * 10 + Int32(digit) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 9) { value *= 10 }
        return value
    }

    private mutating func number(digits: Int) -> Int64? {
        guard position + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for offset in 0..<digits {
            guard let digit = digitValue(bytes[position + offset]) else { return nil }
            value = value * 10 + Int64(digit)
        }
        position += digits
        return value
    }

    private mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private func digitValue(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }
}
