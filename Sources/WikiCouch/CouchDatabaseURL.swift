import Foundation

/// The address of one database on a CouchDB-compatible server,
/// `http[s]://[user:password@]host[:port]/path/to/db`, with the credentials kept apart: the URL's
/// ``description`` (used in every message) never shows them.
public struct CouchDatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The host name or address, as written (an IPv6 address keeps its brackets).
    public let host: String
    /// The port, when the URL gives one.
    public let port: Int?
    /// The database's path, percent-encoded as written, without a trailing slash: `/wiki`,
    /// `/couch/wiki` behind a proxy.
    public let databasePath: String
    /// The user and password, when the URL gives them.
    let credentials: Credentials?

    /// Parses `text`, an `http` or `https` URL naming a database.
    ///
    /// - Throws: ``CouchError/invalidURL(_:reason:)``, whose message shows the URL without its
    ///   credentials.
    public init(_ text: String) throws {
        let redacted = Self.hidingCredentials(in: text)
        guard let schemeEnd = text.range(of: "://") else {
            throw CouchError.invalidURL(redacted, reason: "it does not start with http:// or https://")
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw CouchError.invalidURL(redacted, reason: "only http:// and https:// servers can be read")
        }
        var rest = text[schemeEnd.upperBound...]
        if rest.contains(where: { $0 == "?" || $0 == "#" }) {
            throw CouchError.invalidURL(
                redacted, reason: "a database URL has no query or fragment: name the database alone")
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        var credentials: Credentials?
        if let at = authority.lastIndex(of: "@") {
            credentials = try Credentials(userInfo: authority[..<at], url: redacted)
            authority = authority[authority.index(after: at)...]
        }
        let (host, port) = try Self.hostAndPort(authority, url: redacted)
        var path = String(rest)
        while path.hasSuffix("/") { path.removeLast() }
        guard !path.isEmpty else {
            throw CouchError.invalidURL(
                redacted, reason: "it names a server, not a database: add the database's name, as in \(redacted)/wiki")
        }
        guard path.split(separator: "/").allSatisfy({ $0 != "." && $0 != ".." }) else {
            throw CouchError.invalidURL(redacted, reason: "its path holds a '.' or '..' segment")
        }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.databasePath = path
        self.credentials = credentials
    }

    private init(scheme: String, host: String, port: Int?, path: String, credentials: Credentials?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.databasePath = path
        self.credentials = credentials
    }

    /// The URL without credentials: `http://127.0.0.1:5984/wiki`.
    public var description: String { origin + databasePath }

    /// `scheme://host[:port]`, without credentials.
    var origin: String {
        port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether the URL carries a user and password.
    public var hasCredentials: Bool { credentials != nil }

    /// Whether `other` is on the same server: same scheme, host (ignoring case) and port.
    func isSameOrigin(as other: CouchDatabaseURL) -> Bool {
        scheme == other.scheme && host.lowercased() == other.host.lowercased()
            && effectivePort == other.effectivePort
    }

    private var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

    /// The URL of `path` on this server (no credentials in it), `path` starting with `/`.
    func url(ofPath path: String) -> String { origin + path }

    /// The same server address, with `credentials` instead of its own.
    func with(credentials: Credentials?) -> CouchDatabaseURL {
        CouchDatabaseURL(scheme: scheme, host: host, port: port, path: databasePath, credentials: credentials)
    }

    /// Where a redirect's `Location` leads from `path` on this server: an absolute URL (parsed, its
    /// own credentials dropped), or a path on the same server. `nil` when it cannot be understood.
    func resolving(location: String) -> (server: CouchDatabaseURL, path: String)? {
        if location.hasPrefix("/") && !location.hasPrefix("//") {
            return (self, location)
        }
        guard let schemeEnd = location.range(of: "://") else { return nil }
        let afterScheme = location[schemeEnd.upperBound...]
        let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        let serverPart = String(location[..<pathStart]) + "/-"
        guard let server = try? CouchDatabaseURL(serverPart) else { return nil }
        let path = afterScheme[pathStart...]
        return (server.with(credentials: nil), path.isEmpty ? "/" : String(path))
    }

    /// `text` with the user and password of a URL (anything between `://` and the last `@` of its
    /// authority, or before the last `@` when there is no scheme) replaced by `***`: how a source
    /// named by the user is shown in messages, even when it is not a valid URL.
    public static func hidingCredentials(in text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else {
            guard let at = text.lastIndex(of: "@") else { return text }
            return "***" + text[at...]
        }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        return text[..<schemeEnd.upperBound] + "***" + text[at...]
    }

    private static func hostAndPort(_ authority: Substring, url: String) throws -> (String, Int?) {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw CouchError.invalidURL(url, reason: "its IPv6 address has no closing ']'")
            }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw CouchError.invalidURL(url, reason: "unexpected text after its IPv6 address")
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { throw CouchError.invalidURL(url, reason: "it has no host") }
        guard let portText else { return (String(host), nil) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw CouchError.invalidURL(url, reason: "its port is not a number from 1 to 65535")
        }
        return (String(host), port)
    }
}

/// A user name and password for HTTP basic authentication. Never printed: its descriptions and its
/// mirror (what `dump` and the debugger show) hide both.
struct Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let user: String
    let password: String

    /// The credentials of a URL's `user:password` part, percent-decoded.
    init(userInfo: Substring, url: String) throws {
        let colon = userInfo.firstIndex(of: ":") ?? userInfo.endIndex
        let rawPassword = colon == userInfo.endIndex ? "" : userInfo[userInfo.index(after: colon)...]
        guard let user = String(userInfo[..<colon]).removingPercentEncoding,
            let password = String(rawPassword).removingPercentEncoding
        else {
            throw CouchError.invalidURL(url, reason: "its user or password has a malformed %-escape")
        }
        self.user = user
        self.password = password
    }

    /// The value of an `Authorization` header.
    var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    var description: String { "(credentials)" }
    var debugDescription: String { "(credentials)" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
