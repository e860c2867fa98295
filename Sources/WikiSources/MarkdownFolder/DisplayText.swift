import WikiDocuments

/// Text from a folder (file names, titles from front matter) made safe to show in a message on a
/// terminal or in a log, with `MessageText`'s escapes and no length limit: a file name can hold
/// anything a byte can, escape sequences included, and a path is shown whole.
enum DisplayText {
    /// `bytes` as text: invalid UTF-8 shown as U+FFFD, control characters (C0, DEL, C1) and the
    /// invisible controls that reorder or hide text written `\u{1B}`.
    static func of(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        // Most names are printable ASCII, which needs no escape.
        return bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text : MessageText.escaped(text, limit: .max)
    }

    /// `text` in double quotes, escaped as ``of(_:)`` does, with quotes and backslashes escaped.
    static func quoted(_ text: String) -> String {
        MessageText.quoted(text, limit: .max)
    }
}
