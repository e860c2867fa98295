/// Why a configuration (the file `wikisite.toml` and the command-line options over it) cannot be
/// used: every problem found, each with the file and line it is on when it comes from a file.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// One thing wrong.
    public struct Problem: Sendable, CustomStringConvertible {
        /// The configuration file, when the problem is in one.
        public let file: String?
        /// The 1-based line of the file, when known.
        public let line: Int?
        /// What is wrong and what to write instead.
        public let message: String

        /// A problem at `line` of `file`.
        public init(file: String?, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        init(_ location: ConfigurationLocation?, _ message: String) {
            self.init(file: location?.file, line: location?.line, message: message)
        }

        /// `file:line: message`, or the message alone when it is in no file.
        public var description: String {
            guard let file else { return message }
            guard let line else { return "\(file): \(message)" }
            return "\(file):\(line): \(message)"
        }
    }

    /// The problems, in the order of their lines.
    public let problems: [Problem]

    /// An error made of `problems`.
    public init(_ problems: [Problem]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
