/// Why a CouchDB-compatible database could not be read. Each message names the database by its URL
/// without credentials, and says what to do; no message ever shows a user name or password.
public enum CouchError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The text is not a database URL; `url` is the text with any credentials replaced by `***`.
    case invalidURL(_ url: String, reason: String)
    /// The server has no such database (404 on `GET /db`).
    case databaseNotFound(database: String, reason: String)
    /// The server refused the request: 401 (no or wrong credentials) or 403 (no access).
    case accessDenied(database: String, status: Int, reason: String)
    /// The server answered a request with an error status that retrying cannot mend.
    case requestFailed(database: String, request: String, status: Int, reason: String)
    /// The server kept failing (unreachable, resetting connections, 5xx, stalled) after every retry.
    case unavailable(database: String, attempts: Int, lastFault: String)
    /// The server answered with something that is not what the CouchDB API says.
    case malformedResponse(database: String, request: String, reason: String)
    /// The server redirected to another server while the URL carries credentials.
    case redirectToAnotherServer(database: String, target: String)
    /// The server redirected too many times in a row.
    case tooManyRedirects(database: String, request: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            return "\(url) is not a database URL: \(reason) (expected http[s]://[user:password@]host[:port]/database)"
        case .databaseNotFound(let database, let reason):
            return
                "database not found: \(database) (\(reason)): check the database name in the URL, and that it was created on that server"
        case .accessDenied(let database, let status, let reason) where status == 401:
            return
                "\(database) refused the credentials (401: \(reason)): put a user and password that may read the database in the URL, as http://user:password@host:port/database"
        case .accessDenied(let database, let status, let reason):
            return
                "\(database) refused access (\(status): \(reason)): the user in the URL may not read this database; ask its administrator for read access"
        case .requestFailed(let database, let request, let status, let reason):
            return "\(database): \(request) failed with HTTP \(status): \(reason)"
        case .unavailable(let database, let attempts, let lastFault):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return
                "\(database) could not be read after \(tries) (last: \(lastFault)): check that the server is running and reachable, then try again"
        case .malformedResponse(let database, let request, let reason):
            return
                "\(database): the answer to \(request) is not what a CouchDB-compatible server sends: \(reason)"
        case .redirectToAnotherServer(let database, let target):
            return
                "\(database) redirected to another server, \(target): wikisite does not send your credentials to it; use that server's URL directly if you trust it"
        case .tooManyRedirects(let database, let request):
            return "\(database): \(request) was redirected more than \(CouchConnection.maximumRedirects) times"
        }
    }
}
