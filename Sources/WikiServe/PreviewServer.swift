import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import WikiConfiguration
import WikiSite
import WikiStore

/// `wikisite serve`: builds the site into its preview folder, serves it, and rebuilds it after
/// every change of what it reads, telling the open pages what changed.
///
/// The server has no rebuild logic of its own: every build is `SiteBuilder.build()`, which is
/// incremental from the preview folder's state.
public struct PreviewServer: Sendable {
    /// Where to listen, and what to build.
    public let settings: ServeSettings

    /// A server with `settings`.
    public init(settings: ServeSettings) {
        self.settings = settings
    }

    /// Builds, then serves until SIGINT or SIGTERM; `onServing` receives the site's URL once it
    /// can be browsed. Throws `ServeError` when the address cannot be listened on.
    public func run(onServing: @escaping @Sendable (String) -> Void) async throws {
        let options = try settings.buildOptions()
        try PreviewMark.claim(stateFolder: options.resolvedStateFolder, outputFolder: options.outputFolder)
        let builder = BuildRunner(options: settings.buildOptions)
        let state = PreviewState()
        let first = await builder.build()
        state.record(first.event)
        PreviewLog.write("built: \(PreviewLog.outcome(of: first.event))")
        let debouncer = ChangeDebouncer()
        let watcher = try SourceWatcher(
            debouncer: debouncer, ignoring: [options.outputFolder, options.resolvedStateFolder])
        let folderLogs = try follow(options, after: first.checkpoints, with: watcher)
        watcher.start()
        let followers = followDatabases(of: options, after: first.checkpoints, debouncer: debouncer)
        let broadcaster = EventBroadcaster()
        let rebuilds = RebuildService(
            debouncer: debouncer, builder: builder, folderLogs: folderLogs, state: state, broadcaster: broadcaster,
            stopWatching: {
                watcher.stop()
                for follower in followers { follower.stop() }
            })
        let responder = PreviewResponder(
            folder: PreviewFolder(root: options.outputFolder), broadcaster: broadcaster, state: state)
        let logger = Logger(label: "wikisite serve") { _ in SwiftLogNoOpLogHandler() }
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port)),
            onServerRunning: { [settings] channel in
                let port = channel.localAddress?.port ?? settings.port
                onServing("http://\(Self.urlHost(settings.host)):\(port)/")
            },
            logger: logger)
        // Services stop in reverse order: the rebuilds first, which ends the event streams, so
        // that the server, which waits for its open responses, can stop.
        let services = ServiceGroup(
            configuration: .init(
                services: [application, rebuilds], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await services.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError.portInUse(host: settings.host, port: settings.port)
        } catch let error as IOError {
            throw ServeError.cannotListen(host: settings.host, port: settings.port, reason: "\(error)")
        }
    }

    /// Watches every source of `options` (from `checkpoints`, those of the first build, in the
    /// order of the sources), its templates and the configuration file; the logs of the sources
    /// that are folders of Markdown.
    private func follow(
        _ options: BuildOptions, after checkpoints: [String?], with watcher: SourceWatcher
    ) throws -> [FolderEventLog] {
        var logs: [FolderEventLog] = []
        for (index, source) in options.sources.enumerated() where !Self.isDatabaseURL(source) {
            let path = source.hasPrefix("markdown:") ? String(source.dropFirst("markdown:".count)) : source
            if Self.isFolder(path) {
                logs.append(try watcher.watchFolder(path, source: source))
                continue
            }
            try Self.follow(file: path, after: index < checkpoints.count ? checkpoints[index] : nil, with: watcher)
        }
        if let templates = options.templatesFolder { try watcher.watchTree(templates) }
        // A configuration file may appear later, but not in a folder that does not exist.
        for file in settings.configurationFiles where Self.folderExists(of: file) {
            try Self.follow(file: file, after: nil, with: watcher)
        }
        return logs
    }

    /// Follows the `_changes` feed of every source of `options` that is a database URL, from
    /// `checkpoints` (those of the first build, in the order of the sources).
    private func followDatabases(
        of options: BuildOptions, after checkpoints: [String?], debouncer: ChangeDebouncer
    ) -> [CouchFollower] {
        options.sources.enumerated().compactMap { index, source in
            guard Self.isDatabaseURL(source) else { return nil }
            let follower = CouchFollower()
            let checkpoint = index < checkpoints.count ? checkpoints[index] : nil
            follower.start(url: source, after: checkpoint, debouncer: debouncer)
            return follower
        }
    }

    /// Whether `path` is a folder.
    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Watches a store through its database and WAL files, a change counted only when its sequence
    /// moved past `checkpoint`; any other file by name.
    private static func follow(file path: String, after checkpoint: String?, with watcher: SourceWatcher) throws {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let folder = url.deletingLastPathComponent().path
        guard (try? DocumentStore.holdsStore(atPath: path)) == true else {
            return try watcher.watchNames([name], in: folder)
        }
        let sequence = try StoreSequence(path: path, after: checkpoint)
        try watcher.watchNames([name, name + "-wal"], in: folder, counting: .writes, confirm: sequence.advanced)
    }

    /// Whether the folder that holds `path` exists.
    private static func folderExists(of path: String) -> Bool {
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether `source` is a CouchDB-compatible database rather than a file or folder.
    static func isDatabaseURL(_ source: String) -> Bool {
        source.hasPrefix("http://") || source.hasPrefix("https://")
    }

    /// `host` as a URL writes it: an IPv6 address in brackets.
    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
