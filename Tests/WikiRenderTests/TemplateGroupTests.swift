import Testing

@testable import WikiRender

/// The values of a template by name, kept in order or indexed: a value set again replaces the
/// first, a value set to nil is gone, and an indexed group that changes is still read right.
@Suite("Template groups")
struct TemplateGroupTests {
    private static func text(_ value: TemplateValue?) -> String? {
        guard case .text(let text)? = value else { return nil }
        return text.text
    }

    @Test func aNameSetAgainHoldsItsLastValueAndNilRemovesIt() {
        var group = TemplateGroup(capacity: 2)
        group["title"] = .text(TemplateText(text: "One"))
        group["href"] = .text(TemplateText(text: "a.html"))
        group["title"] = .text(TemplateText(text: "Two"))
        #expect(Self.text(group["title"]) == "Two")
        group["title"] = nil
        #expect(group["title"] == nil)
        #expect(Self.text(group["href"]) == "a.html")
        #expect(group["titles"] == nil, "a longer name that starts alike is another name")
        #expect(group["hre"] == nil)
    }

    @Test func aMergeReplacesTheValuesOfTheSameNames() {
        var group = TemplateGroup()
        group["a"] = .number(1)
        group["b"] = .number(2)
        var other = TemplateGroup()
        other["b"] = .number(3)
        other["c"] = .number(4)
        group.merge(other)
        let numbers = ["a", "b", "c"].map { name -> Int? in
            guard case .number(let number)? = group[name] else { return nil }
            return number
        }
        #expect(numbers == [1, 3, 4])
    }

    @Test func anIndexedGroupIsReadByNameBeforeAndAfterAChange() {
        var words: [String: TemplateValue] = [:]
        for number in 0..<300 { words["word_\(number)"] = .text(TemplateText(text: "w\(number)")) }
        var group = TemplateGroup(indexing: words)
        #expect(Self.text(group["word_17"]) == "w17")
        #expect(group["word_300"] == nil)
        group["word_17"] = nil
        group["word_300"] = .text(TemplateText(text: "new"))
        #expect(group["word_17"] == nil)
        #expect(Self.text(group["word_299"]) == "w299")
        #expect(Self.text(group["word_300"]) == "new")
    }
}
