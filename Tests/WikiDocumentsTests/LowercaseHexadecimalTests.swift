import Testing
import WikiDocuments

@Suite struct LowercaseHexadecimalTests {
    /// Every byte: only `0`–`9` and `a`–`f` are digits, and each digit's value writes it back.
    @Test func readsAndWritesEveryDigit() {
        let digits = Array("0123456789abcdef".utf8)
        for byte in UInt8.min...UInt8.max {
            let value = LowercaseHexadecimal.value(ofDigit: byte)
            #expect(value == digits.firstIndex(of: byte).map(UInt8.init), "byte \(byte)")
            if let value { #expect(LowercaseHexadecimal.digit(value) == byte) }
        }
    }
}
