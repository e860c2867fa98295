import WikiDocuments
import WikiModel

/// The absolute URL the site is served from (`--base-url`): the URL of the output folder.
/// Every absolute URL the site publishes, in sitemaps, feeds and canonical links, is this URL
/// followed by a file's path below the output folder.
///
/// Accepted: `http` or `https`, a host, an optional port, an optional path; no user name or
/// password, query or fragment. Normalized: the scheme and host are lowercased, a default port
/// (`:80` for http, `:443` for https) is dropped, bytes a URL path cannot hold as they are
/// (non-ASCII letters, `"`, `<`, `\`…) are percent-encoded, and the path ends with `/`:
/// `HTTPS://Example.org:443/docs` is `https://example.org/docs/`.
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The normalized URL, ending with `/`.
    public let text: String
    /// Whether the path is `/`: the site is served at the root of its host, the only place
    /// where crawlers read a `robots.txt`.
    public let isHostRoot: Bool

    /// The longest base URL accepted, in bytes: with the longest wiki folder and page file
    /// (about 760 bytes once percent-encoded), every page URL stays below the 2,048
    /// characters a sitemap allows.
    public static let maximumLength = 1024

    /// Parses and normalizes `raw`; throws a `BaseURLError` saying what is wrong and how to
    /// write it instead.
    public init(parsing raw: String) throws(BaseURLError) {
        var parser = BaseURLParser(raw: raw)
        let parsed = try parser.parse()
        let text = parsed.scheme + "://" + parsed.authority + parsed.path
        guard text.utf8.count <= Self.maximumLength else {
            throw BaseURLError(
                raw,
                "it is \(text.utf8.count) bytes long; at most \(Self.maximumLength) are allowed, so that every "
                    + "page URL stays within the 2,048 characters a sitemap allows")
        }
        self.text = text
        self.isHostRoot = parsed.path == "/"
    }

    /// The absolute URL of the file at `path`: this URL followed by the path's components,
    /// each percent-encoded as `SitePaths.urlEncoded` encodes the site's relative hrefs.
    public func absoluteURL(of path: SitePath) -> String {
        text + Self.relativeURL(of: path)
    }

    /// The URL of the file at `path` relative to the output folder: its components, each
    /// percent-encoded. Its byte order is that of the absolute URLs.
    public static func relativeURL(of path: SitePath) -> String {
        path.components.map(SitePaths.urlEncoded).joined(separator: "/")
    }

    public var description: String { text }
}

/// Why a base URL was refused: the URL as given and what is wrong with it.
public struct BaseURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL as it was given.
    public let url: String
    /// What is wrong with it and what to write instead.
    public let problem: String

    init(_ url: String, _ problem: String) {
        self.url = url
        self.problem = problem
    }

    public var description: String {
        "base URL \(MessageText.quoted(url, limit: 200)): \(problem)"
    }
}

/// Reads a base URL byte by byte: `scheme://authority/path`.
private struct BaseURLParser {
    let raw: String
    let bytes: [UInt8]
    var position = 0

    init(raw: String) {
        self.raw = raw
        self.bytes = Array(raw.utf8)
    }

    mutating func parse() throws(BaseURLError) -> (scheme: String, authority: String, path: String) {
        guard !bytes.isEmpty else {
            throw BaseURLError(raw, "it is empty; give the URL the site is served from, such as https://example.org/")
        }
        if let bad = bytes.first(where: { $0 <= 0x20 || $0 == 0x7F }) {
            let what = bad == 0x20 ? "a space" : "a control character"
            throw BaseURLError(raw, "it contains \(what); write a space in the path as %20")
        }
        let scheme = try readScheme()
        let authority = try readAuthority(scheme: scheme)
        let path = try readPath()
        return (scheme, authority, path)
    }

    private mutating func readScheme() throws(BaseURLError) -> String {
        guard let colon = bytes.firstIndex(of: .colon), bytes[colon...].starts(with: Array("://".utf8)) else {
            throw BaseURLError(
                raw, "it is not an absolute URL; write it with its scheme and host, such as https://example.org/wiki/")
        }
        let scheme = String(decoding: bytes[..<colon].map(\.asciiLowercased), as: UTF8.self)
        guard scheme == "http" || scheme == "https" else {
            throw BaseURLError(raw, "its scheme is \(MessageText.quoted(scheme)); a site is served over http or https")
        }
        position = colon + 3
        return scheme
    }

    private mutating func readAuthority(scheme: String) throws(BaseURLError) -> String {
        let end = bytes[position...].firstIndex { $0 == .slash || $0 == .question || $0 == .hash } ?? bytes.endIndex
        let authority = bytes[position..<end]
        position = end
        guard !authority.isEmpty else {
            throw BaseURLError(raw, "it has no host; write one, such as https://example.org/")
        }
        if authority.contains(.at) {
            throw BaseURLError(
                raw, "it holds a user name or password (before \"@\"), which every page would publish; leave them out")
        }
        let (host, port) = try splitPort(authority)
        let hostText = try validatedHost(host)
        guard let port else { return hostText }
        let isDefault = (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        return isDefault ? hostText : hostText + ":" + String(port)
    }

    /// The host and the port after its last `:` (outside an IPv6 literal's brackets).
    private func splitPort(_ authority: ArraySlice<UInt8>) throws(BaseURLError) -> (ArraySlice<UInt8>, Int?) {
        let hostEnd: Int
        if authority.first == .openBracket {
            guard let close = authority.firstIndex(of: .closeBracket) else {
                throw BaseURLError(raw, "its IPv6 address has no closing \"]\"")
            }
            hostEnd = close + 1
        } else {
            hostEnd = authority.firstIndex(of: .colon) ?? authority.endIndex
        }
        let host = authority[..<hostEnd]
        guard hostEnd < authority.endIndex else { return (host, nil) }
        guard authority[hostEnd] == .colon else {
            throw BaseURLError(raw, "its host is followed by something other than \":port\"")
        }
        let digits = authority[(hostEnd + 1)...]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit),
            let port = Int(String(decoding: digits, as: UTF8.self)), (1...65535).contains(port)
        else {
            let written = String(decoding: digits, as: UTF8.self)
            throw BaseURLError(raw, "its port \(MessageText.quoted(written)) is not a number from 1 to 65535")
        }
        return (host, port)
    }

    private func validatedHost(_ host: ArraySlice<UInt8>) throws(BaseURLError) -> String {
        guard !host.isEmpty else { throw BaseURLError(raw, "it has no host; write one, such as https://example.org/") }
        if host.first == .openBracket {
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isASCIIHexDigit || $0 == .colon || $0 == .dot }) else {
                throw BaseURLError(raw, "its IPv6 address holds something other than hex digits, \":\" and \".\"")
            }
            return String(decoding: host.map(\.asciiLowercased), as: UTF8.self)
        }
        if host.contains(where: { $0 >= 0x80 }) {
            throw BaseURLError(
                raw, "its host is not ASCII; write an international domain name in its ASCII form (xn--…)")
        }
        if let bad = host.first(where: { !($0.isASCIILetter || $0.isASCIIDigit || $0 == .dash || $0 == .dot) }) {
            let character = String(decoding: [bad], as: UTF8.self)
            throw BaseURLError(raw, "its host holds \(MessageText.quoted(character)), which a host name cannot hold")
        }
        return String(decoding: host.map(\.asciiLowercased), as: UTF8.self)
    }

    /// The path, percent-encoded where needed, starting and ending with `/`.
    private mutating func readPath() throws(BaseURLError) -> String {
        var path: [UInt8] = [.slash]
        var index = position
        if index < bytes.endIndex, bytes[index] == .slash { index += 1 }
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case .question, .hash:
                throw BaseURLError(
                    raw, "it has a query (?…) or a fragment (#…); a base URL names a folder: leave them out")
            case .percent:
                guard index + 2 < bytes.endIndex, bytes[index + 1].isASCIIHexDigit, bytes[index + 2].isASCIIHexDigit
                else {
                    throw BaseURLError(raw, "it has a \"%\" that is not followed by two hex digits; write \"%\" as %25")
                }
                path += [byte, bytes[index + 1].asciiUppercased, bytes[index + 2].asciiUppercased]
                index += 3
                continue
            default:
                if byte.isKeptInPath {
                    path.append(byte)
                } else {
                    path += [.percent, Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
                }
            }
            index += 1
        }
        if path.last != .slash { path.append(.slash) }
        for segment in path.split(separator: .slash) where Self.isDotSegment(segment) {
            throw BaseURLError(raw, "its path has a \".\" or \"..\" segment; write the folder's path as it is served")
        }
        return String(decoding: path, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `.` or `..`, also when a dot is written `%2E`.
    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: segment, as: UTF8.self).uppercased()
        return [".", "..", "%2E", "%2E%2E", ".%2E", "%2E."].contains(text)
    }
}

extension UInt8 {
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let question = UInt8(ascii: "?")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let at = UInt8(ascii: "@")
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate static let dash = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")

    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isASCIIHexDigit: Bool {
        isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }
    fileprivate var asciiLowercased: UInt8 { isASCIILetter ? self | 0x20 : self }
    fileprivate var asciiUppercased: UInt8 { isASCIILetter ? self & ~0x20 : self }

    /// RFC 3986 `pchar` and `/`, less `%` (read apart): unreserved, sub-delims, `:` and `@`.
    fileprivate var isKeptInPath: Bool {
        if isASCIILetter || isASCIIDigit { return true }
        return Array("-._~!$&'()*+,;=:@/".utf8).contains(self)
    }
}
