/// Why a JSON text could not be parsed, and where.
public struct JSONParseError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, in plain words ("expected ',' or '}' after an object member").
    public let message: String
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column of the offending byte, counted in Unicode scalars from the start of the line.
    public let column: Int
    /// The 0-based offset of the offending byte from the start of the text.
    public let byteOffset: Int
    /// Whether the text ended in the middle of a value: it was probably cut short.
    public let isTruncation: Bool

    /// An error at a position.
    public init(message: String, line: Int, column: Int, byteOffset: Int, isTruncation: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.isTruncation = isTruncation
    }

    /// `line:column (byte N): message`.
    public var description: String { "\(line):\(column) (byte \(byteOffset)): \(message)" }
}
