/// The readable text of Markdown, for the search index's words and excerpts: wikilinks and
/// links as the words they show, embeds, HTML tags and `%%comments%%` dropped, inline markup
/// taken off, whitespace collapsed. It reads line by line and needs no parse: an excerpt is a
/// hint of where a word is, and a stray mark in it costs nothing.
enum SearchPlainText {
    /// `markdown` without its Obsidian comments (`%%…%%`, over several lines too).
    static func withoutComments(_ markdown: String) -> String {
        guard markdown.contains("%%") else { return markdown }
        var kept = ""
        var inComment = false
        var rest = Substring(markdown)
        while let range = rest.range(of: "%%") {
            if !inComment { kept += rest[..<range.lowerBound] }
            inComment.toggle()
            rest = rest[range.upperBound...]
        }
        if !inComment { kept += rest }
        return kept
    }

    /// The text of an ATX heading line (`## Text ##`), or nil when `line` is none.
    static func atxHeading(_ line: Substring) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingSpaces
        while text.last == "#" { text = text.dropLast() }
        return inlineText(String(text.trimmingSpaces))
    }

    /// The text of `lines`, joined by single spaces.
    static func text(ofLines lines: [Substring]) -> String {
        var words: [Substring] = []
        for line in lines {
            var content = line.trimmingSpaces
            while let first = content.first, first == ">" || first == "-" || first == "*" || first == "+" {
                content = content.dropFirst().trimmingSpaces
            }
            if content.allSatisfy({ $0 == "-" || $0 == "=" || $0 == "|" || $0 == ":" || $0 == " " }) { continue }
            words.append(contentsOf: inlineText(String(content)).split(separator: " "))
        }
        return words.joined(separator: " ")
    }

    /// `text` with its inline syntax taken off: embeds dropped, wikilinks and links as the words
    /// they show, HTML tags dropped, emphasis and code marks off.
    static func inlineText(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(where: { "![[<*_`~=|\t".contains($0) }) {
            out += rest[..<index]
            rest = rest[index...]
            if rest.hasPrefix("![["), let end = rest.range(of: "]]") {
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("[["), let end = rest.range(of: "]]") {
                let inside = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
                let shown = inside.split(separator: "|", maxSplits: 1).last ?? inside
                out += shown.split(separator: "#").first.map(String.init) ?? ""
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
                out += " "
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("!") || rest.hasPrefix("[") {
                out += rest.prefix(1)
                rest = rest.dropFirst()
            } else if rest.first == "|" || rest.first == "\t" {
                out += " "
                rest = rest.dropFirst()
            } else {
                rest = rest.dropFirst()
            }
        }
        out += rest
        return markdownLinksAsText(out).split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    /// `text` with each Markdown link `[words](url)` as its words alone.
    private static func markdownLinksAsText(_ text: String) -> String {
        guard text.contains("](") else { return text.replacingBrackets }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            out += rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.replacingBrackets
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        guard let start = firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return self[endIndex...] }
        return self[start...last]
    }
}

extension String {
    /// Without `[` and `]`.
    fileprivate var replacingBrackets: String {
        String(filter { $0 != "[" && $0 != "]" })
    }
}
