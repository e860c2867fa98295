import WikiConfiguration
import WikiSite

/// What `wikisite serve` serves and follows, and where it listens.
public struct ServeSettings: Sendable {
    /// The host name or address to listen on.
    public var host: String
    /// The port to listen on; 0 asks the system for a free one.
    public var port: Int
    /// The options of each build, made again before each one so that a change of `wikisite.toml`
    /// takes effect; a `ConfigurationError` is shown like any failed build.
    public var buildOptions: @Sendable () throws -> BuildOptions
    /// Where the configuration file is or may appear: each is followed, existing or not.
    public var configurationFiles: [String]

    /// Settings to listen on `host`:`port` and build with `buildOptions`.
    public init(
        host: String, port: Int, configurationFiles: [String],
        buildOptions: @escaping @Sendable () throws -> BuildOptions
    ) {
        self.host = host
        self.port = port
        self.configurationFiles = configurationFiles
        self.buildOptions = buildOptions
    }

    /// Whether `host` can be reached only from this machine.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// Why the preview could not start.
public enum ServeError: Error, Sendable, CustomStringConvertible {
    /// Another program listens on the port.
    case portInUse(host: String, port: Int)
    /// The address could not be listened on.
    case cannotListen(host: String, port: Int, reason: String)
    /// The output folder holds a site `wikisite build` wrote.
    case notAPreviewFolder(outputFolder: String)

    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) on \(host) is in use by another program: choose another with --port, or --port 0 for any free port"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host) port \(port): \(reason)"
        case .notAPreviewFolder(let outputFolder):
            "\(outputFolder) holds a site wikisite build wrote: give serve a folder of its own with --out, "
                + "or leave --out out for the default preview folder"
        }
    }
}
