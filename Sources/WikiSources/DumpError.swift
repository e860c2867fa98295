/// A dump that cannot be read: not JSON, truncated, or not of a form wikisite knows.
public struct DumpError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The dump's path (or the name it was given).
    public let path: String
    /// The 1-based line where reading stopped.
    public let line: Int
    /// The 1-based column (in Unicode scalars) where reading stopped.
    public let column: Int
    /// The 0-based byte offset where reading stopped.
    public let byteOffset: Int
    /// What is wrong and, where possible, what to do about it.
    public let message: String

    /// An error at a position of the dump at `path`.
    public init(path: String, line: Int, column: Int, byteOffset: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.message = message
    }

    /// `path:line:column (byte N): message`.
    public var description: String { "\(path):\(line):\(column) (byte \(byteOffset)): \(message)" }
}

/// A dump file that cannot be opened or read at all.
public struct DumpFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The path as given.
    public let path: String
    /// Why, as the system put it ("No such file or directory").
    public let reason: String

    /// An error reading `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: cannot read the dump: reason`.
    public var description: String { "\(path): cannot read the dump: \(reason)" }
}
