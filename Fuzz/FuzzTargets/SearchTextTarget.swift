import WikiDocuments
import WikiRender

/// The search index's text on arbitrary Markdown: the input, as UTF-8, is a page's body, cut into
/// sections at its headings by `SearchSections` (the build's own cutter), and the terms of each
/// heading and text taken by `SearchTerms`.
///
/// What must hold:
/// - plain text has no line break and no run of spaces, and none at either end;
/// - every term is not empty, at most `SearchTerms.longestTerm` scalars, lowercase, and holds
///   no combining mark that folding takes off (but in Chinese and Japanese pairs, kept whole);
/// - the key of every prefix of a term up to 8 scalars (the longest key of a shard) is lowercase
///   hexadecimal of an even length, at most 8 digits a scalar, and starts the key of each longer
///   prefix: a safe part of a file name, and a prefix of a term's key when its prefix is;
/// - `ScriptSafeJSON` of the text, of the headings and of every term never holds `</script`,
///   `<!--`, U+2028 or U+2029, whatever the case.
enum SearchTextTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let markdown = String(decoding: input, as: UTF8.self)
        let texts = SearchSections.sections(of: markdown, headings: []).flatMap { [$0.heading, $0.text] }
        for text in texts {
            try checkPlain(text)
            try checkScriptSafe(text)
            for term in SearchTerms.terms(of: text) { try check(term) }
        }
    }

    private static func checkPlain(_ text: String) throws(InvariantViolation) {
        try require(!text.contains("\n"), "the plain text \(shown(text)) holds a line break")
        try require(!text.contains("  "), "the plain text \(shown(text)) holds a run of spaces")
        try require(
            !text.hasPrefix(" ") && !text.hasSuffix(" "), "the plain text \(shown(text)) starts or ends with a space")
    }

    private static func check(_ term: String) throws(InvariantViolation) {
        let scalars = term.unicodeScalars
        try require(
            !scalars.isEmpty && scalars.count <= SearchTerms.longestTerm, "the term \(shown(term)) is empty or too long"
        )
        try require(term == term.lowercased(), "the term \(shown(term)) is not lowercase")
        if !scalars.contains(where: SearchTerms.isIdeograph) {
            try require(
                !scalars.contains { $0.properties.generalCategory == .nonspacingMark },
                "the term \(shown(term)) keeps a combining mark")
        }
        var shorter = ""
        for length in 1...8 {
            let key = SearchTerms.shardKey(of: term, length: length)
            let isHexadecimal = key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            try require(
                isHexadecimal && !key.isEmpty && key.utf8.count.isMultiple(of: 2) && key.utf8.count <= 8 * length
                    && key.hasPrefix(shorter),
                "the shard key \(shown(key)) of the term \(shown(term)) is not a safe part of a file name, "
                    + "or does not start with the shorter key \(shown(shorter))")
            shorter = key
        }
        try checkScriptSafe(term)
    }

    private static func checkScriptSafe(_ text: String) throws(InvariantViolation) {
        let json = ScriptSafeJSON.string(text).lowercased()
        for forbidden in ["</script", "<!--", "\u{2028}", "\u{2029}"] {
            try require(!json.contains(forbidden), "the JSON of \(shown(text)) holds \(shown(forbidden))")
        }
    }
}
