import Testing
import WikiRender

@Suite("Heading slugs")
struct HeadingSlugTests {
    @Test(arguments: [
        ("Hello World", "hello-world"),
        ("Sync Client: How?", "sync-client-how"),
        ("C++ Notes", "c-notes"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("  two  spaces ", "--two--spaces-"),
        ("Café Ünïcödé", "café-ünïcödé"),
        ("日本語 見出し", "日本語-見出し"),
        ("Version 1.2.3", "version-123"),
        ("emoji 🎉 party", "emoji--party"),
        ("!!!", "section"),
        ("", "section"),
    ])
    func slug(_ text: String, _ expected: String) {
        #expect(HeadingSlug.slug(text) == expected)
    }

    /// The slug as its definition says: the text `lowercased()`, then each scalar kept (a
    /// Unicode word character or `-`), written `-` (a space) or dropped.
    private static func definedSlug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
                || ("0"..."9").contains(scalar)
                || (!scalar.isASCII
                    && [
                        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation,
                    ].contains(scalar.properties.generalCategory))
            {
                slug.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : String(slug)
    }

    @Test(arguments: [
        "İstanbul Ünİ", "\u{212A}elvin ẞtraße", "ΣΟΦΊΑ Σοφία", "ǄUNGLA ǅ ǆ", "Mixed ASCII and Ünïcödé: 1.2 (b_c)",
        "ﬁ ﬀ Ⅻ ½", "Ⓐ Ⓑ ⓒ", "٣ ४ 𝟙", "Tab\tand\u{00A0}no-break", "ÀÉÎÕÜ ÿ Ÿ",
    ])
    func aSlugLowercasesEachCharacterAsStringLowercasedDoes(_ text: String) {
        #expect(HeadingSlug.slug(text) == Self.definedSlug(text))
    }
}
