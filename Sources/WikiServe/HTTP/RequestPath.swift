/// The path of a request, checked and split into the names of the folders and file it asks for.
///
/// Only a path that can name a file inside the preview folder is accepted:
///
/// | Refused | Why |
/// |---|---|
/// | `..` or `.` as a segment | would leave or re-enter a folder |
/// | `%2e`, `%2f`, `%5c`, `%00` (any case) | dots, slashes and NUL hidden from the checks |
/// | a NUL or a backslash, written or decoded | names no file of a site |
/// | an empty segment (`//`) | names no file of a site |
/// | a bad percent escape or bytes that are not UTF-8 | cannot be read as a name |
public struct RequestPath: Sendable, Equatable {
    /// The decoded segments, in order; empty for `/`.
    public let segments: [String]
    /// Whether the path ends with `/` (asks for a folder's `index.html`).
    public let namesFolder: Bool

    /// The site path it names: the segments joined with `/`.
    public var sitePath: String { segments.joined(separator: "/") }

    /// The path of `target`, a request's target (`/wiki/Page.html?x=1`); query and fragment are dropped.
    public init(target: String) throws(RequestPathError) {
        var path = Substring(target)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard path.hasPrefix("/") else { throw .notAbsolute }
        path = path.dropFirst()
        namesFolder = path.isEmpty || path.hasSuffix("/")
        if path.hasSuffix("/") { path = path.dropLast() }
        segments =
            try path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false).map(Self.segment)
    }

    /// The path of `segments`, names already known to be valid.
    init(validSegments segments: [String], namesFolder: Bool = false) {
        self.segments = segments
        self.namesFolder = namesFolder
    }

    /// The decoded name of one segment, or why it is refused.
    private static func segment(_ raw: Substring) throws(RequestPathError) -> String {
        guard !raw.isEmpty else { throw .emptySegment }
        let lowered = raw.lowercased()
        for escape in ["%2e", "%2f", "%5c", "%00"] where lowered.contains(escape) {
            throw .encodedSeparator(escape)
        }
        let name = try percentDecoded(raw)
        guard name != ".", name != ".." else { throw .dotSegment }
        guard !name.contains("\0"), !name.contains("\\") else { throw .forbiddenCharacter }
        return name
    }

    /// `raw` with its `%XX` escapes decoded, as UTF-8.
    private static func percentDecoded(_ raw: Substring) throws(RequestPathError) -> String {
        var bytes: [UInt8] = []
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .badEscape
            }
            bytes.append(high << 4 | low)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .badEscape }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a request's path was refused.
public enum RequestPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target does not start with `/`.
    case notAbsolute
    /// A segment is `.` or `..`.
    case dotSegment
    /// A segment holds an encoded dot, slash, backslash or NUL.
    case encodedSeparator(String)
    /// A segment holds a NUL or a backslash.
    case forbiddenCharacter
    /// Two slashes in a row.
    case emptySegment
    /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8.
    case badEscape

    public var description: String {
        switch self {
        case .notAbsolute: "the path does not start with /"
        case .dotSegment: "the path has a . or .. segment"
        case .encodedSeparator(let escape): "the path has an encoded dot, slash or NUL (\(escape))"
        case .forbiddenCharacter: "the path has a NUL or a backslash"
        case .emptySegment: "the path has an empty segment (//)"
        case .badEscape: "the path has a bad percent escape"
        }
    }
}
