import WikiModel

/// `SitePaths` on arbitrary text: the input, split at its first two 0xFF bytes (which UTF-8
/// never holds), is a wiki ID and two raw titles.
///
/// What must hold (the guarantees `SitePaths` documents):
/// - A wiki folder and a page file are each one path component (no `/`, `\`, NUL or control
///   character; never `.`, `..`, hidden or starting with `_`; no name Windows refuses or
///   reserves), of at most 132 and 137 bytes; a page file ends in `.html` and is never
///   `index.html`.
/// - A page's href is its file name percent-encoded: only unreserved characters and `%XX`, and
///   decoding it gives the file name back.
/// - A name without a `~hash` spells its title exactly (`_` for spaces).
/// - Two different titles (or wiki IDs) never get names that a case-insensitive or normalizing
///   file system would take for the same, unless their 50-bit hashes are equal.
enum SitePathsTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let parts = input.split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let wikiID = parts[0]
        let rawTitles = parts.dropFirst()

        let folder = SitePaths.wikiFolder(wikiID)
        try FileNameRules.checkComponent(folder, maximumBytes: 132, "the folder of wiki \(shown(wikiID))")
        for other in rawTitles where !other.isExactly(wikiID) {
            try checkDistinct(
                folder, SitePaths.wikiFolder(other), "the wikis \(shown(wikiID)) and \(shown(other))")
        }

        let titles = rawTitles.compactMap(PageTitle.init)
        var files: [String] = []
        for title in titles {
            let file = SitePaths.pageFile(title)
            try check(file, of: title)
            files.append(file)
        }
        if titles.count == 2, titles[0] != titles[1] {
            try checkDistinct(files[0], files[1], "the titles \(shown(titles[0].text)) and \(shown(titles[1].text))")
        }
    }

    private static func check(_ file: String, of title: PageTitle) throws(InvariantViolation) {
        let what = "the file of the title \(shown(title.text))"
        try FileNameRules.checkComponent(file, maximumBytes: 137, what)
        try require(file.hasSuffix(".html") && file != "index.html", "\(what) is \(shown(file))")
        // Scalar by scalar: a combining mark after `_` or `~` makes one Character of the two.
        let stem = file.unicodeScalars.dropLast(5)
        if !stem.contains("~") {
            var spelled = String.UnicodeScalarView()
            spelled.append(contentsOf: stem.map { $0 == "_" ? " " : $0 })
            try require(
                String(spelled).isExactly(title.text), "\(what) has no hash but does not spell it: \(shown(file))")
        }
        let href = SitePaths.pageHref(title)
        try require(
            percentDecoded(href).map { $0.elementsEqual(file.utf8) } == true,
            "the href of the title \(shown(title.text)) is \(shown(href)), not the file name \(shown(file)) encoded")
    }

    private static func checkDistinct(_ lhs: String, _ rhs: String, _ what: String) throws(InvariantViolation) {
        guard FileNameRules.clash(lhs, rhs) else { return }
        if let left = FileNameRules.hash(of: lhs), let right = FileNameRules.hash(of: rhs), left == right { return }
        throw InvariantViolation("\(what) get names a file system takes for the same: \(shown(lhs)), \(shown(rhs))")
    }

    /// The bytes of an href made only of unreserved characters and `%XX` (uppercase hex); nil
    /// when it holds anything else.
    static func percentDecoded(_ href: String) -> [UInt8]? {
        let bytes = Array(href.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            guard isUnreserved(byte) else { return nil }
            decoded.append(byte)
            index += 1
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "+"),
            UInt8(ascii: "!"):
            true
        default: false
        }
    }
}
