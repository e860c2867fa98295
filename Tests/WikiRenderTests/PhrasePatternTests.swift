import Testing

@testable import WikiRender

/// A theme word cut at its placeholders once gives what reading it whole gave: values put in,
/// a placeholder without a value kept as written, a lone brace left as text.
@Suite("Phrase patterns")
struct PhrasePatternTests {
    @Test func aPlaceholderWithoutAValueStaysAsWrittenAndTextIsMadeByTheGivenRule() {
        let pattern = PhrasePattern("{a} & {b} {unclosed")
        let values = ["a": "<A>"]
        #expect(pattern.filled(value: { values[$0] }, text: { $0 }) == "<A> & {b} {unclosed")
        #expect(pattern.filled(value: { values[$0] }, text: HTMLText.escaped) == "<A> &amp; {b} {unclosed")
        #expect(PhrasePattern("no placeholder").filled(value: { _ in "x" }, text: { $0 }) == "no placeholder")
        #expect(PhrasePattern("}{}{x}").filled(value: { $0 == "" ? "E" : nil }, text: { $0 }) == "}E{x}")
    }
}
