/// Percent-encoded text (`%20` for a space), as in a link's destination, decoded.
public enum PercentDecoding {
    /// `text` with its `%XX` escapes decoded; nil when they do not make UTF-8. A `%` not followed
    /// by two hexadecimal digits stays as it is.
    public static func decode(_ text: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var rest = Array(text)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
