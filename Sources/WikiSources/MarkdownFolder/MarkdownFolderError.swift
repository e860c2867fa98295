/// A folder of Markdown that cannot be read at all: missing, not a folder, no usable wiki ID, or
/// in a git repository whose history git cannot give. (A file of the folder that cannot be used
/// is a ``RejectedEntry``, and the rest is read.)
public struct MarkdownFolderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The folder, as given.
    public let path: String
    /// What is wrong and what to do about it.
    public let message: String

    /// An error reading the folder at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
