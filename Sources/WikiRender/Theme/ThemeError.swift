/// A theme that cannot be loaded: an override folder that is missing or unreadable, or a
/// template that is not valid UTF-8 or not valid Mustache. The message names the file and,
/// for a template that does not parse, the line and column.
public struct ThemeError: Error, CustomStringConvertible, Sendable {
    /// The file (or folder) at fault: its path for an override, `<name> (default theme)` for
    /// a file of the built-in theme.
    public let file: String
    /// The 1-based line of a template where parsing stopped, when known.
    public let line: Int?
    /// The 1-based column (in characters) on `line` where parsing stopped, when known.
    public let column: Int?
    /// What is wrong, and what to do about it.
    public let message: String

    /// An error about `file`, at `line` and `column` when given.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, like a compiler's diagnostics.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
