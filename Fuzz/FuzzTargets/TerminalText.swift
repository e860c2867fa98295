/// What the summary and error messages print must not drive the terminal they are printed on,
/// whatever a document holds.
enum TerminalText {
    /// Throws when `message` holds a control character (C0, DEL, C1) or an invisible control
    /// that reorders or hides text, as `MessageText.quoted` escapes them.
    static func check(_ message: String, _ what: @autoclosure () -> String) throws(InvariantViolation) {
        for scalar in message.unicodeScalars where isUnsafe(scalar) {
            throw InvariantViolation(
                "\(what()) holds the raw control character U+\(String(scalar.value, radix: 16, uppercase: true)), "
                    + "which a terminal would obey: \(shown(message))")
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF: true
        default: false
        }
    }
}
