/// Lowercase hexadecimal digits, as CouchDB writes revision hashes and wikisite content hashes.
public enum LowercaseHexadecimal {
    /// The value of the digit `byte` (`0`–`9`, `a`–`f`); nil for any other byte, uppercase
    /// digits included.
    public static func value(ofDigit byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The digit of `value`, which is below 16.
    public static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
