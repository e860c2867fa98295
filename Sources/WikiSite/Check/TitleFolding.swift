import Foundation
import WikiDocuments
import WikiModel

/// Titles as people confuse them: the same once letter case and Unicode form are ignored.
/// `REST API` and `Rest API`, `Café` in NFC and in NFD, `Straße` and `STRASSE` fold alike.
enum TitleFolding {
    /// The folded form of `title`: NFC, then case folded (uppercased then lowercased, so that
    /// `ß` and `ss` meet), then NFC again.
    static func key(_ title: PageTitle) -> ExactString {
        let text = title.text
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ExactString(text.lowercased()) }
        let folded = text.precomposedStringWithCanonicalMapping.uppercased().lowercased()
        return ExactString(folded.precomposedStringWithCanonicalMapping)
    }

    /// Whether `one` and `other` are the same text in different Unicode forms (NFC and NFD
    /// `Café`): people cannot see the difference.
    static func differOnlyInUnicodeForm(_ one: PageTitle, _ other: PageTitle) -> Bool {
        one != other
            && one.text.precomposedStringWithCanonicalMapping.isExactly(
                other.text.precomposedStringWithCanonicalMapping)
    }

    /// The titles of `pages` by folded form, each list in byte order. The titles are folded on
    /// every core.
    static func index(_ pages: [Page]) -> [ExactString: [PageTitle]] {
        let keys = Concurrently.map(pages.count) { key(pages[$0].title) }
        var index: [ExactString: [PageTitle]] = [:]
        for (page, key) in zip(pages, keys) { index[key, default: []].append(page.title) }
        return index
    }
}
