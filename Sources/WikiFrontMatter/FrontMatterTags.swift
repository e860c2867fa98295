import WikiDocuments
import Yams

/// The `tags` of a front matter, in every form Obsidian reads: a list (`[a, b]` or one `- a` a
/// line), or one value whose tags are cut at commas and blanks (`a, b`, `a b`). A tag may be
/// written with its `#` (quoted, since YAML reads a bare `#` as a comment). A value that is
/// not a tag (`1984`, `a b/`) is left out; the same tag twice (in any case) is kept once.
enum FrontMatterTags {
    /// The tags of `value`, the front matter's `tags` on `line`.
    ///
    /// - Throws: ``FrontMatterError`` when `value` is a mapping, or a list holds one.
    static func read(_ value: Node, line: Int?) throws(FrontMatterError) -> [WikiTag] {
        let written: [String]
        switch value {
        case .scalar(let scalar):
            written = value.null != nil ? [] : [scalar.string]
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                guard let scalar = item.scalar else {
                    throw FrontMatterError(
                        line: line,
                        message: "the front matter's `tags` holds \(FrontMatter.describe(item)), not a tag")
                }
                if item.null == nil { items.append(scalar.string) }
            }
            written = items
        case .mapping:
            throw FrontMatterError(line: line, message: "the front matter's `tags` is a mapping, not a list of tags")
        }
        var seen: Set<String> = []
        var tags: [WikiTag] = []
        for text in written {
            for part in text.unicodeScalars.split(whereSeparator: { $0 == "," || $0.properties.isWhitespace }) {
                guard let tag = WikiTag(String(part)), seen.insert(tag.key).inserted else { continue }
                tags.append(tag)
            }
        }
        return tags
    }
}
