/// Writes a ``JSONValue`` as compact JSON text (RFC 8259) that ``JSONParser`` reads back as the
/// same value.
///
/// Exact by construction: numbers are written as the text they were parsed from, object members
/// in their order (duplicates included), and strings as their Unicode scalars in UTF-8. Only what
/// JSON requires is escaped: `"` and `\` as `\"` and `\\`; control characters below U+0020 as
/// `\b`, `\f`, `\n`, `\r`, `\t` or `\u00XX`. Nothing else is escaped, so `/`, U+007F and every
/// non-ASCII scalar (U+2028 included) appear as themselves. No whitespace is written.
///
/// A ``JSONValue/number(_:)`` must hold the text of a JSON number, as every number the parser
/// makes does; it is written unchecked.
public enum JSONWriter {
    /// The JSON text of `value`, as UTF-8 bytes.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        return output
    }

    /// The JSON text of `value`.
    public static func text(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// Appends the JSON text of `value` to `output`.
    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let string): write(string: string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object): write(object: object, to: &output)
        }
    }

    /// Appends the JSON text of `object` to `output`.
    public static func write(object: JSONObject, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for (index, member) in object.members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(string: member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            write(member.value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends `string` as a JSON string literal, quotes included, to `output`.
    public static func write(string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var plainStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                appendEscape(of: byte, to: &output)
                plainStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The escape of a quote, a backslash or a control character.
    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            // Below U+0020: the first hex digit is 0 or 1.
            let low = byte & 0x0F
            output.append(contentsOf: "u00".utf8)
            output.append(UInt8(ascii: "0") + (byte >> 4))
            output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
        }
    }
}
