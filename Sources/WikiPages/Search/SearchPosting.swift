/// Where a term is in one document, as a posting of the search index holds it: how often it is
/// there, the fields it is in (bits: `SearchIndex.inTitle`, `inHeading`, `inBody`) and the section
/// it is first in. Three numbers, not text: a wiki of 100,000 pages has more than ten million
/// postings. Nothing of the rest of the document is in it, so an edit changes the postings of the
/// words whose counts, fields or sections it changes, and no other.
package struct SearchPosting: Sendable, Equatable {
    let count: UInt32
    let section: UInt32
    let fields: UInt8

    init(count: Int, fields: Int, section: Int) {
        self.count = UInt32(clamping: count)
        self.fields = UInt8(clamping: fields)
        self.section = UInt32(clamping: section)
    }

    /// The posting `text` writes (`count,fields,section`, each a decimal number); nil when it is
    /// not one. It allocates nothing: an edit reads back every posting of the shards it changes.
    init?(text: some Collection<UInt8>) {
        var numbers: (UInt32, UInt32) = (0, 0)
        var ended = 0
        var number: UInt32 = 0
        var digits = 0
        for byte in text {
            if byte == UInt8(ascii: ",") {
                guard digits > 0, ended < 2 else { return nil }
                if ended == 0 { numbers.0 = number } else { numbers.1 = number }
                (ended, number, digits) = (ended + 1, 0, 0)
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 9 else { return nil }
            number = number * 10 + UInt32(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0, ended == 2, numbers.1 <= UInt8.max else { return nil }
        self.init(count: Int(numbers.0), fields: Int(numbers.1), section: Int(number))
    }

    /// The posting `appendBinary(to:)` wrote at `reader`'s place, which it reads past; nil when
    /// the bytes there are not one.
    init?(reading reader: inout StoredOutline.Reader) {
        guard let count = reader.integer(), let fields = reader.integer(), let section = reader.integer(),
            count <= UInt32.max, section <= UInt32.max, fields <= UInt8.max
        else { return nil }
        self.init(count: count, fields: fields, section: section)
    }

    /// Appends the posting as the state keeps a document's postings: `count`, `fields` and
    /// `section`, each an unsigned LEB128 integer (`StoredOutline`), a byte each most of the time.
    func appendBinary(to bytes: inout [UInt8]) {
        StoredOutline.append(Int(count), to: &bytes)
        StoredOutline.append(Int(fields), to: &bytes)
        StoredOutline.append(Int(section), to: &bytes)
    }

    /// As a term shard and the state write it: `count,fields,section`.
    var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many bytes `text` takes.
    var textLength: Int {
        Self.digits(count) + Self.digits(UInt32(fields)) + Self.digits(section) + 2
    }

    /// The most bytes `text` takes: three numbers of ten digits at most, and two commas.
    static let longestText = 32

    /// Appends the bytes of `text` to `bytes`.
    func append(to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestText) { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<write(into: buffer, at: 0)]))
        }
    }

    /// Writes the bytes of `text` into `buffer` from `start`, where `longestText` bytes are free,
    /// and returns where they end: a shard's file and row are written a posting at a time, not
    /// a byte at a time, for a wiki has millions of postings.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var end = Self.write(count, into: buffer, at: start)
        buffer[end] = UInt8(ascii: ",")
        end = Self.write(UInt32(fields), into: buffer, at: end + 1)
        buffer[end] = UInt8(ascii: ",")
        return Self.write(section, into: buffer, at: end + 1)
    }

    /// How many decimal digits `value` takes.
    private static func digits(_ value: UInt32) -> Int {
        var (value, digits) = (value / 10, 1)
        while value > 0 { (value, digits) = (value / 10, digits + 1) }
        return digits
    }

    /// Writes the decimal digits of `value` into `buffer` from `start`; returns where they end.
    private static func write(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let end = start + digits(value)
        var (value, position) = (value, end)
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        } while value > 0
        return end
    }
}
