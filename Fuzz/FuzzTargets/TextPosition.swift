/// Checks a reported position (line, column, byte) against the text it is in: all three must
/// name the same place, counted as `JSONParser` documents it (lines end at LF; columns count
/// Unicode scalars, that is bytes that are not UTF-8 continuation bytes; a byte order mark at
/// the start is not a column).
enum TextPosition {
    static func check(
        line: Int, column: Int, byteOffset: Int, in bytes: UnsafeRawBufferPointer, _ what: @autoclosure () -> String
    ) throws(InvariantViolation) {
        try require(
            byteOffset >= 0 && byteOffset <= bytes.count,
            "\(what()): byte \(byteOffset) is outside the \(bytes.count) bytes of the input")
        var expectedLine = 1
        var lineStart = 0
        for index in 0..<byteOffset where bytes[index] == 0x0A {
            expectedLine += 1
            lineStart = index + 1
        }
        if lineStart == 0, byteOffset >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            lineStart = 3
        }
        var expectedColumn = 1
        for index in lineStart..<byteOffset where bytes[index] & 0xC0 != 0x80 {
            expectedColumn += 1
        }
        try require(
            line == expectedLine && column == expectedColumn,
            "\(what()): says line \(line), column \(column) for byte \(byteOffset), "
                + "which is line \(expectedLine), column \(expectedColumn)")
    }

    /// The number of lines of `bytes` (one more than its line feeds).
    static func lineCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
