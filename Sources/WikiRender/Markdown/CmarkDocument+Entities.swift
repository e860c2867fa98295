/// Character references as cmark reads them.
extension CmarkDocument {
    /// What cmark makes of `reference` (`&name;`, `&#N;`, `&#xH;`) in text: the character it
    /// stands for, or the same bytes when cmark does not know it as an entity.
    static func decodeEntity(_ reference: [UInt8]) -> [UInt8] {
        reference.withUnsafeBufferPointer { bytes in
            let document = CmarkDocument(parsing: bytes)
            guard let paragraph = document.firstChild(document.documentNode),
                let text = document.firstChild(paragraph), document.kind(text) == .text,
                document.next(text) == nil
            else { return reference }
            return document.literal(text)
        }
    }
}
