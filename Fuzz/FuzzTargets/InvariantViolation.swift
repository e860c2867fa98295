/// Something that must hold for every input did not hold for this one.
public struct InvariantViolation: Error, CustomStringConvertible, Sendable {
    /// What was expected and what was found.
    public let message: String

    /// A violation described by `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Throws an ``InvariantViolation`` with `message` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantViolation) {
    if !condition { throw InvariantViolation(message()) }
}

/// `bytes` as text for a violation's message: UTF-8 where it is valid, with control characters
/// and invalid bytes escaped, cut after `limit` bytes.
func shown(_ bytes: some Collection<UInt8>, limit: Int = 200) -> String {
    var text = ""
    for scalar in String(decoding: bytes.prefix(limit), as: UTF8.self).unicodeScalars {
        text += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return "\"" + text + (bytes.count > limit ? "…" : "") + "\""
}

/// `text` for a violation's message (see `shown(_:limit:)` on bytes).
func shown(_ text: String, limit: Int = 200) -> String {
    shown(Array(text.utf8), limit: limit)
}
