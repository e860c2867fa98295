import Testing
import WikiDocuments

@Suite("Message text")
struct MessageTextTests {
    @Test func quotedEscapesQuotesBackslashesAndControls() {
        #expect(MessageText.quoted("plain") == "\"plain\"")
        #expect(MessageText.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(MessageText.quoted("\u{1B}[2J\u{07}") == #""\u{1B}[2J\u{7}""#)
        #expect(MessageText.quoted("right\u{202E}gnp.exe") == #""right\u{202E}gnp.exe""#)
        #expect(MessageText.quoted("C1 \u{9B}") == #""C1 \u{9B}""#)
    }

    @Test func escapedKeepsQuotesButNotControls() {
        #expect(MessageText.escaped("2-\"x\"") == "2-\"x\"")
        #expect(MessageText.escaped("2-\u{1B}]0;title\u{07}") == #"2-\u{1B}]0;title\u{7}"#)
    }

    @Test func longTextIsCut() {
        let long = String(repeating: "é", count: 100)
        #expect(MessageText.quoted(long, limit: 10) == "\"" + String(repeating: "é", count: 10) + "…\"")
        #expect(MessageText.escaped(long, limit: 3) == "ééé…")
    }
}
