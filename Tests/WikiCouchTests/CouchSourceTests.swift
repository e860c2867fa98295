import Foundation
import Testing
import WikiDocuments
import WikiSources

@testable import WikiConfiguration
@testable import WikiCouch

@Suite("Reading a CouchDB-compatible server")
struct CouchSourceTests {
    @Test(
        "every leaf of every document, in batches, sequences passed back exactly",
        arguments: [
            FakeCouchDatabase.SequenceStyle.integer, .opaque,
        ])
    func readsEveryLeaf(style: FakeCouchDatabase.SequenceStyle) throws {
        let database = Fixture.database(style)
        let server = try CouchTestServer(database)
        defer { server.stop() }
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions())

        let (leaves, reading) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(Set(leaves).count == leaves.count)
        #expect(reading.documentCount == leaves.count)
        #expect(reading.scope == .everything)
        #expect(reading.rejected.isEmpty)
        #expect(reading.checkpoint == SourceCheckpoint(database.sequenceValue(database.updateSequence)))
        // Each request asks for what follows the previous answer's last_seq, as it came.
        let sinces = Fixture.sinceParameters(server)
        #expect(sinces.first == .some(nil))
        let issued = (0...database.updateSequence).map { ChangesFeed.queryText(database.sequenceValue($0)) }
        #expect(sinces.dropFirst().allSatisfy { since in issued.contains { $0 == since } })
        #expect(Set(sinces.compactMap { $0 }).count == sinces.count - 1)
        // The winner of a conflict comes first, then its other leaf.
        let conflict = leaves.filter { $0.hasPrefix("w1:Page 1 ") }
        #expect(conflict == ["w1:Page 1 1-ff", "w1:Page 1 1-10f"])
    }

    @Test(
        "a checkpoint reads only what changed after it",
        arguments: [
            FakeCouchDatabase.SequenceStyle.integer, .opaque,
        ])
    func resumesFromCheckpoint(style: FakeCouchDatabase.SequenceStyle) throws {
        let server = try CouchTestServer(Fixture.database(style))
        defer { server.stop() }
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions())
        let first = try Fixture.read(source).reading

        server.update { database in
            database.addLeaf(Fixture.page("w1:New", "1-01"))
            database.edit(Fixture.page("w1:Page 3", "2-33"))
        }
        let (leaves, reading) = try Fixture.read(source, after: first.checkpoint)

        #expect(leaves == ["w1:New 1-01", "w1:Page 3 2-33"])
        #expect(reading.scope == .changes(after: first.checkpoint!))
        #expect(Fixture.sinceParameters(server).contains(.some(ChangesFeed.queryText(first.checkpoint!.value))))
    }

    @Test("a checkpoint the server does not know reads everything again")
    func unknownCheckpoint() throws {
        let database = Fixture.database(.opaque)
        let server = try CouchTestServer(database)
        defer { server.stop() }
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions())

        let (leaves, reading) = try Fixture.read(source, after: SourceCheckpoint(.string("7-g1AAAAother")))

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(reading.scope == .everything)
    }

    @Test("conflicts come with open_revs when the server has no _bulk_get", arguments: [404, 405])
    func openRevisionsFallback(status: Int) throws {
        let database = Fixture.database(.integer)
        var configuration = CouchTestServer.Configuration()
        configuration.bulkGetUnsupportedStatus = status
        let server = try CouchTestServer(database, configuration: configuration)
        defer { server.stop() }
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions(batchSize: 100))

        let (leaves, _) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(server.requests.filter { $0.path == "/db/_bulk_get" }.count == 1)
        #expect(server.requests.filter { $0.query["open_revs"] != nil }.map(\.path) == ["/db/w1:Page 1"])
    }

    @Test("an empty database reads nothing and ends at its sequence")
    func emptyDatabase() throws {
        let server = try CouchTestServer(FakeCouchDatabase(style: .integer))
        defer { server.stop() }
        let (leaves, reading) = try Fixture.read(try CouchSource(url: server.url(), options: Fixture.fastOptions()))
        #expect(leaves.isEmpty)
        #expect(reading.checkpoint == SourceCheckpoint(.number("0")))
    }
}

@Suite("Refusals stop at once, and never show credentials")
struct CouchRefusalTests {
    @Test("a missing database is named, without credentials")
    func missingDatabase() throws {
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        let url = "http://reader:s3cret-pw@127.0.0.1:\(server.port)/nope"
        let source = try CouchSource(url: url, options: Fixture.fastOptions())

        let error = #expect(throws: CouchError.self) { try Fixture.read(source) }

        let message = "\(error!)"
        #expect(message.hasPrefix("database not found: http://127.0.0.1:\(server.port)/nope"))
        #expect(!message.contains("s3cret") && !message.contains("reader"))
        #expect(server.requests.count == 1)
    }

    @Test("401 and 403 stop at once with a message that says what to do", arguments: [401, 403])
    func accessDenied(status: Int) throws {
        var configuration = CouchTestServer.Configuration()
        configuration.credentials = ("reader", "right-password")
        configuration.forbidden = status == 403
        let server = try CouchTestServer(Fixture.database(.integer), configuration: configuration)
        defer { server.stop() }
        let password = status == 401 ? "wrong-password" : "right-password"
        let source = try CouchSource(
            url: server.url(user: "reader", password: password), options: Fixture.fastOptions())

        let error = #expect(throws: CouchError.self) { try Fixture.read(source) }

        guard case .accessDenied(let database, let seen, _)? = error else {
            Issue.record("expected accessDenied, got \(String(describing: error))")
            return
        }
        #expect(database == "http://127.0.0.1:\(server.port)/db")
        #expect(seen == status)
        let message = "\(error!)"
        #expect(!message.contains(password) && !message.contains("reader:"))
        #expect(message.contains(status == 401 ? "refused the credentials" : "may not read this database"))
        #expect(server.requests.count == 1)
    }

    @Test("credentials never appear: in descriptions, mirrors, nor a server's echo of them")
    func credentialsNeverShown() throws {
        let password = "p%40ss:w0rd"
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        server.inject(
            .status(401, error: "unauthorized", reason: "bad password p@ss:w0rd for reader"), path: "/db")
        let source = try CouchSource(
            url: server.url(user: "reader", password: password), options: Fixture.fastOptions())

        let error = #expect(throws: CouchError.self) { try Fixture.read(source) }

        var dumped = ""
        dump(source, to: &dumped)
        for text in [
            "\(error!)", String(reflecting: error!), "\(source)", String(reflecting: source), dumped, source.name,
        ] {
            #expect(!text.contains("p@ss:w0rd") && !text.contains("p%40ss") && !text.contains("w0rd"), "\(text)")
        }
        // The header went to the server, and only there.
        #expect(server.requests.first?.authorization == "Basic " + Data("reader:p@ss:w0rd".utf8).base64EncodedString())
    }

    @Test(
        "a URL that cannot be read is shown without its credentials",
        arguments: [
            "ftp://reader:hunter22@host/db", "http://reader:hunter22@host:5984", "http://reader:hunter22@host:99999/db",
            "http://reader:hunter22@host/db?since=4", "reader:hunter22@host/db",
        ])
    func invalidURL(url: String) {
        let error = #expect(throws: CouchError.self) { try CouchSource(url: url) }
        #expect(!"\(error!)".contains("hunter22"))
        #expect("\(error!)".contains("is not a database URL"))
    }

    @Test("a redirect to another server is not followed with credentials")
    func redirectWithCredentials() throws {
        var configuration = CouchTestServer.Configuration()
        configuration.host = "127.0.0.2"
        let elsewhere = try CouchTestServer(Fixture.database(.integer), configuration: configuration)
        defer { elsewhere.stop() }
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        server.inject(.redirect(location: elsewhere.url()), path: "/db")
        let source = try CouchSource(
            url: server.url(user: "reader", password: "secret"), options: Fixture.fastOptions())

        let error = #expect(throws: CouchError.self) { try Fixture.read(source) }

        #expect(error == .redirectToAnotherServer(database: source.name, target: elsewhere.url()))
        #expect(elsewhere.requests.isEmpty)
        #expect(!"\(error!)".contains("secret"))
    }

    @Test("without credentials, a redirect to another server is followed")
    func redirectWithoutCredentials() throws {
        var configuration = CouchTestServer.Configuration()
        configuration.host = "127.0.0.2"
        let database = Fixture.database(.integer)
        let elsewhere = try CouchTestServer(database, configuration: configuration)
        defer { elsewhere.stop() }
        let server = try CouchTestServer(database)
        defer { server.stop() }
        server.inject(
            .redirect(location: elsewhere.url() + "/_changes?style=all_docs&include_docs=true&conflicts=true&limit=3"),
            path: "/db/_changes")
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions())

        let (leaves, _) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(elsewhere.requests.map(\.path) == ["/db/_changes"])
        #expect(elsewhere.requests.allSatisfy { $0.authorization == nil })
    }
}

@Suite("Faults are retried, resuming from the last sequence fully read")
struct CouchFaultTests {
    static let faults: [CouchTestServer.Fault] = [
        .resetBeforeResponse, .resetMidBody, .stall, .status(500, error: "internal_server_error", reason: "boom"),
        .status(503, error: "service_unavailable", reason: "busy"),
    ]

    @Test("a fault in the middle of the feed", arguments: faults)
    func faultInFeed(fault: CouchTestServer.Fault) throws {
        let database = Fixture.database(.opaque)
        let server = try CouchTestServer(database)
        defer { server.stop() }
        server.inject(fault, path: "/db/_changes", skip: 1)
        let log = RetryLog()
        var options = Fixture.fastOptions()
        options.onRetry = log.handler
        let source = try CouchSource(url: server.url(), options: options)

        let (leaves, reading) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(Set(leaves).count == leaves.count)
        #expect(reading.checkpoint == SourceCheckpoint(database.sequenceValue(database.updateSequence)))
        #expect(server.faultsInjected == 1)
        #expect(log.retries.count == 1)
        // The failed request is sent again from the same sequence.
        let sinces = Fixture.sinceParameters(server)
        #expect(sinces.count >= 3 && sinces[1] == sinces[2] && sinces[1] != nil)
    }

    @Test(
        "a fault while fetching the other leaves of a conflict",
        arguments: [
            CouchTestServer.Fault.resetMidBody, .status(502, error: "bad_gateway", reason: "proxy"),
        ])
    func faultInBulkGet(fault: CouchTestServer.Fault) throws {
        let database = Fixture.database(.integer)
        let server = try CouchTestServer(database)
        defer { server.stop() }
        server.inject(fault, method: "POST", path: "/db/_bulk_get")
        let source = try CouchSource(url: server.url(), options: Fixture.fastOptions())

        let (leaves, _) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(server.faultsInjected == 1)
    }

    @Test("a refused connection is retried until the server is up")
    func connectionRefused() throws {
        let database = Fixture.database(.integer)
        // An address no other test listens on: the port freed here cannot be taken by a server of
        // a test running meanwhile.
        var configuration = CouchTestServer.Configuration()
        configuration.host = "127.0.0.3"
        let reserved = try CouchTestServer(FakeCouchDatabase(style: .integer), configuration: configuration)
        configuration.port = reserved.port
        let url = reserved.url()
        reserved.stop()
        let later = configuration
        let started = Locked<CouchTestServer?>(nil)
        let failures = Locked<[String]>([])
        var options = Fixture.fastOptions()
        options.onRetry = { retry in
            failures.withLock { $0.append(retry.fault) }
            started.withLock { server in
                if server == nil {
                    server = try? CouchTestServer(database, configuration: later)
                }
            }
        }
        defer { started.withLock { $0?.stop() } }
        let source = try CouchSource(url: url, options: options)

        let (leaves, _) = try Fixture.read(source)

        #expect(leaves.sorted(by: Fixture.bytewise) == Fixture.leaves(of: database))
        #expect(failures.value == ["connection refused"])
    }

    @Test("when every retry fails, the reading stops, naming the database and the last fault")
    func retriesRunOut() throws {
        let server = try CouchTestServer(Fixture.database(.integer))
        defer { server.stop() }
        server.inject(
            .status(503, error: "service_unavailable", reason: "maintenance"), path: "/db/_changes", times: 10)
        let log = RetryLog()
        var options = Fixture.fastOptions(attempts: 3)
        options.onRetry = log.handler
        let source = try CouchSource(url: server.url(user: "u", password: "pw123"), options: options)
        var delivered = 0

        let error = #expect(throws: CouchError.self) { try source.read(after: nil) { _ in delivered += 1 } }

        #expect(
            error
                == .unavailable(
                    database: "http://127.0.0.1:\(server.port)/db", attempts: 3,
                    lastFault: "HTTP 503: service_unavailable: maintenance"))
        #expect(delivered == 0)
        #expect(log.retries.map(\.failures) == [1, 2])
        #expect(log.retries.map(\.delay) == [.milliseconds(10), .milliseconds(20)])
    }

    @Test("backoff doubles up to its cap")
    func backoff() {
        let policy = RetryPolicy(maximumAttempts: nil, initialDelay: .milliseconds(500), maximumDelay: .seconds(30))
        #expect(
            (1...9).map(policy.delay(afterFailure:)) == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
                .seconds(30), .seconds(30),
            ])
    }
}
