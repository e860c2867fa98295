#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CmarkDocument {
    /// What cmark writes at the start of a code block; its text is escaped, so in safe mode
    /// nothing else writes these bytes.
    fileprivate static let codeBlockStart = Array("<pre><code".utf8)
    /// What a code block starts with once its `<pre>` takes focus.
    fileprivate static let focusableCodeBlockStart = Array("<pre tabindex=\"0\"><code".utf8)

    /// `html` with each code block's `<pre>` made focusable.
    static func focusingCodeBlocks(_ html: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = html.baseAddress else { return "" }
        var starts: [Int] = []
        var offset = 0
        while offset < html.count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), html.count - offset) {
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if html.count - start >= codeBlockStart.count,
                memcmp(base + start, codeBlockStart, codeBlockStart.count) == 0
            {
                starts.append(start)
            }
            offset = start + 1
        }
        guard !starts.isEmpty else { return String(decoding: html, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(html.count + starts.count * (focusableCodeBlockStart.count - codeBlockStart.count))
        var copied = 0
        for start in starts {
            output.append(contentsOf: html[copied..<start])
            output.append(contentsOf: focusableCodeBlockStart)
            copied = start + codeBlockStart.count
        }
        output.append(contentsOf: html[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}
