/// Writes the Markdown of one page: blocks drawn at random until the page is about 2.5 KB, the
/// page's wikilinks spread over its sentences and list items, and those left over in a
/// "See also" list at the end, so that every link is written.
struct PageText {
    /// The Markdown written so far.
    private(set) var output = ""
    private var random: SeededRandom
    /// The wikilinks not written yet, as Markdown.
    private var links: [String]

    /// A writer drawing from `random` that will write `links`.
    init(random: SeededRandom, links: [String]) {
        self.random = random
        self.links = links
    }

    /// The whole page: half the pages start with their title as a heading, as TouchWiki wrote
    /// them.
    mutating func writePage(titled title: String) {
        let target = random.inRange(2200...2800)
        if random.chance(50) { output += "# \(title)\n\n" }
        writeParagraph()
        while output.utf8.count < target {
            switch random.below(10) {
            case 0...2: writeHeading()
            case 3...5: writeParagraph()
            case 6: writeList(ordered: false)
            case 7: writeList(ordered: true)
            case 8: writeCode()
            default: writeQuote()
            }
        }
        guard !links.isEmpty else { return }
        output += "## See also\n\n"
        for link in links { output += "- \(link)\n" }
        links = []
        output += "\n"
    }

    /// A line saying the page was edited: the whole of an edit.
    mutating func writeEdit(revision: Int) {
        output += "_Edited (revision \(revision)): \(sentence())_\n"
    }

    private mutating func writeHeading() {
        let level = random.chance(75) ? "##" : "###"
        output += "\(level) \(capitalized(words(2...4)))\n\n"
    }

    private mutating func writeParagraph() {
        output += (0..<random.inRange(2...4)).map { _ in sentence() }.joined(separator: " ")
        output += "\n\n"
    }

    private mutating func writeList(ordered: Bool) {
        for number in 1...random.inRange(3...5) {
            output += ordered ? "\(number). " : "- "
            output += capitalized(phrase(4...9, linkChance: 30)) + "\n"
        }
        output += "\n"
    }

    private mutating func writeCode() {
        output += "```\(random.pick(CorpusWords.languages))\n"
        for _ in 0..<random.inRange(3...6) { output += random.pick(CorpusWords.code) + "\n" }
        output += "```\n\n"
    }

    private mutating func writeQuote() {
        output += "> \(sentence())\n> \(sentence())\n\n"
    }

    /// A sentence of 8 to 16 words, some emphasised or in code, perhaps with a wikilink or an
    /// external link.
    mutating func sentence() -> String {
        var text = capitalized(phrase(8...16, linkChance: 35))
        if random.chance(10) {
            let label = words(1...3)
            text += " ([\(label)](\(random.pick(CorpusWords.hosts))\(random.below(10_000))))"
        }
        return text + "."
    }

    /// Words, the next wikilink among them `linkChance` % of the time.
    private mutating func phrase(_ count: ClosedRange<Int>, linkChance: Int) -> String {
        var parts: [String] = []
        for _ in 0..<random.inRange(count) {
            let word = random.pick(CorpusWords.prose)
            switch random.below(20) {
            case 0: parts.append("*\(word)*")
            case 1: parts.append("**\(word)**")
            case 2: parts.append("`\(word)`")
            default: parts.append(word)
            }
        }
        if !links.isEmpty && random.chance(linkChance) {
            parts.insert(links.removeFirst(), at: random.below(parts.count + 1))
        }
        return parts.joined(separator: " ")
    }

    private mutating func words(_ count: ClosedRange<Int>) -> String {
        (0..<random.inRange(count)).map { _ in random.pick(CorpusWords.prose) }.joined(separator: " ")
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
