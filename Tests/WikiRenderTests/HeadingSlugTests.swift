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
}
