import Foundation
import WikiDocuments
import WikiModel
import WikiRender

/// A page's outline as the build state keeps it: one compact blob per page, so that an
/// incremental build loads the outlines of a wiki with one row a page instead of a row per link,
/// heading and embed.
///
/// The bytes are unsigned LEB128 integers and length-prefixed UTF-8 strings, in this order: the
/// word count; the links, each a flag byte (1: has a target, 2: has a fragment, 4: is an embed),
/// its line, then its target and fragment when it has them; the headings, each its level, text
/// and id; the embeds of attachments, each its name, line and a byte (1: a Markdown link, not
/// an embed); the block ids; the tags as written; the CamelCase words. Each list starts with
/// its length.
/// Strings are stored as their exact bytes (titles already normalized), and decoded without
/// repairs: a blob that does not decode is no outline, and the page is parsed again.
package enum StoredOutline {
    private static let hasTarget: UInt8 = 1
    private static let hasFragment: UInt8 = 2
    private static let isEmbed: UInt8 = 4

    /// The blob of `outline`.
    package static func encode(_ outline: PageOutline) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + 48 * outline.links.count + 32 * outline.headings.count)
        append(outline.wordCount, to: &bytes)
        append(outline.links, to: &bytes) { link, bytes in
            var flags: UInt8 = link.isEmbed ? isEmbed : 0
            if link.target != nil { flags |= hasTarget }
            if link.fragment != nil { flags |= hasFragment }
            bytes.append(flags)
            append(link.line, to: &bytes)
            if let target = link.target { append(target.text, to: &bytes) }
            if let fragment = link.fragment { append(fragment, to: &bytes) }
        }
        append(outline.headings, to: &bytes) { heading, bytes in
            append(heading.level, to: &bytes)
            append(heading.text, to: &bytes)
            append(heading.id, to: &bytes)
        }
        append(outline.attachments, to: &bytes) { embed, bytes in
            append(embed.name, to: &bytes)
            append(embed.line, to: &bytes)
            bytes.append(embed.isLink ? 1 : 0)
        }
        append(outline.blockIDs, to: &bytes) { id, bytes in append(id, to: &bytes) }
        append(outline.tags, to: &bytes) { tag, bytes in append(tag.text, to: &bytes) }
        append(outline.camelCaseWords, to: &bytes) { word, bytes in append(word.text, to: &bytes) }
        return bytes
    }

    /// The outline `bytes` holds; nil when they are not a blob `encode` made (a damaged state).
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> PageOutline? {
        var reader = Reader(bytes: bytes)
        guard let wordCount = reader.integer(),
            let links = reader.list({ reader -> PageLink? in
                guard let flags = reader.byte(), let line = reader.integer() else { return nil }
                var target: PageTitle?
                if flags & hasTarget != 0 {
                    guard let text = reader.string(), let title = PageTitle(text) else { return nil }
                    target = title
                }
                var fragment: String?
                if flags & hasFragment != 0 {
                    guard let text = reader.string() else { return nil }
                    fragment = text
                }
                return PageLink(target: target, fragment: fragment, line: line, isEmbed: flags & isEmbed != 0)
            }),
            let headings = reader.list({ reader -> Heading? in
                guard let level = reader.integer(), let text = reader.string(), let id = reader.string() else {
                    return nil
                }
                return Heading(level: level, text: text, id: id)
            }),
            let attachments = reader.list({ reader -> AttachmentEmbed? in
                guard let name = reader.string(), let line = reader.integer(), let isLink = reader.byte(), isLink <= 1
                else { return nil }
                return AttachmentEmbed(name: name, line: line, isLink: isLink == 1)
            }),
            let blockIDs = reader.list({ reader in reader.string() }),
            let tags = reader.list({ reader in reader.string().flatMap(WikiTag.init) }),
            let camelCaseWords = reader.list({ reader in reader.string().flatMap(PageTitle.init) })
        else { return nil }
        guard reader.isAtEnd else { return nil }
        var outline = PageOutline(
            links: links, headings: headings, wordCount: wordCount, attachments: attachments, blockIDs: blockIDs,
            tags: tags)
        outline.camelCaseWords = camelCaseWords
        return outline
    }

    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(max(value, 0))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        append(text.utf8.count, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends the length of `items`, then each item as `appendItem` writes it (`Reader.list`
    /// reads them back).
    static func append<Item>(
        _ items: [Item], to bytes: inout [UInt8], _ appendItem: (Item, inout [UInt8]) -> Void
    ) {
        append(items.count, to: &bytes)
        for item in items { appendItem(item, &bytes) }
    }

    /// Reads a blob from the front; every read is nil past the end or on a malformed value.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// An integer of at most 63 bits.
        mutating func integer() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value <= UInt64(Int.max) ? Int(value) : nil }
                shift += 7
                if shift > 56 { return nil }
            }
            return nil
        }

        /// A count of items that each take at least one byte: never more than the bytes left.
        mutating func count() -> Int? {
            guard let count = integer(), count <= bytes.count - offset else { return nil }
            return count
        }

        /// A list `StoredOutline.append(_:to:_:)` wrote: its length, then each item as `readItem`
        /// reads it; nil when one does not read.
        mutating func list<Item>(_ readItem: (inout Reader) -> Item?) -> [Item]? {
            guard let count = count() else { return nil }
            var items: [Item] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                guard let item = readItem(&self) else { return nil }
                items.append(item)
            }
            return items
        }

        /// A length-prefixed string of valid UTF-8.
        mutating func string() -> String? {
            guard let length = count() else { return nil }
            defer { offset += length }
            let utf8 = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]).assumingMemoryBound(
                to: UInt8.self)
            // ASCII (most titles, fragments and ids) is valid as it is, and `decoding` takes the
            // standard library's fast path; anything else is validated, never repaired.
            if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
            return String(validating: utf8, as: UTF8.self)
        }
    }
}

/// A list of titles as the build state keeps it (the pages linking to a title, in `linker`): its
/// length, then each title length-prefixed, as `StoredOutline` writes its strings.
package enum StoredTitles {
    /// The blob of `titles`, in their order.
    package static func encode(_ titles: [PageTitle]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + 24 * titles.count)
        StoredOutline.append(titles, to: &bytes) { title, bytes in StoredOutline.append(title.text, to: &bytes) }
        return bytes
    }

    /// The titles `bytes` holds; nil when they are not a blob `encode` made (a damaged state).
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> [PageTitle]? {
        var reader = StoredOutline.Reader(bytes: bytes)
        let titles = reader.list { reader in reader.string().flatMap(PageTitle.init) }
        return reader.isAtEnd ? titles : nil
    }
}
