/// The corpus as a folder of Markdown, as a vault keeps it: `index.md`, its home, one
/// `<title>.md` a page, and ``imageCount`` images in `images/` that the notes embed. Image `k`
/// is embedded by one note with a wikilink (`![[img-00042.png]]`) and by the next with a relative
/// Markdown path (`![](images/img-00042.png)`), so every image is named by two notes. One image
/// in four is an SVG, the others 1×1 PNGs, each of its own colour.
///
/// Everything is a function of the corpus and the image count: the same bytes on every machine.
public struct CorpusFolder: Sendable {
    /// The corpus whose pages are the notes.
    public let corpus: Corpus
    /// How many images the folder has.
    public let imageCount: Int

    /// The folder of `corpus`'s pages with `imageCount` images.
    public init(corpus: Corpus, imageCount: Int) {
        precondition(imageCount >= 0)
        self.corpus = corpus
        self.imageCount = imageCount
    }

    /// The path of the note of page `number` in the folder.
    public func notePath(ofPage number: Int) -> String {
        corpus.title(ofPage: number) + ".md"
    }

    /// The Markdown of the note of page `number`: the page's, then the images it embeds.
    public func note(ofPage number: Int) -> String {
        var text = corpus.markdown(ofPage: number)
        for image in images(embeddedByWikilinkIn: number) { text += "\n![[\(imageName(image))]]\n" }
        for image in images(embeddedByWikilinkIn: (number + corpus.pageCount - 1) % corpus.pageCount) {
            text += "\n![an image](images/\(imageName(image)))\n"
        }
        return text
    }

    /// The images page `number` embeds by a wikilink: those whose share of the pages falls on it.
    func images(embeddedByWikilinkIn number: Int) -> Range<Int> {
        let pages = corpus.pageCount
        func first(_ page: Int) -> Int { (page * imageCount + pages - 1) / pages }
        return first(number)..<first(number + 1)
    }

    /// The file name of image `k`: `img-00042.png`, or `.svg` for one in four.
    public func imageName(_ k: Int) -> String {
        let digits = String(k)
        return "img-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
            + (k % 4 == 3 ? ".svg" : ".png")
    }

    /// The bytes of image `k`: an SVG square, or a 1×1 PNG, in a colour drawn from `k`.
    public func image(_ k: Int) -> [UInt8] {
        let colour = [
            UInt8(truncatingIfNeeded: k * 37), UInt8(truncatingIfNeeded: k * 11), UInt8(truncatingIfNeeded: k),
        ]
        guard k % 4 != 3 else {
            let hex = colour.map { byte in
                let digits = Array("0123456789abcdef")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }.joined()
            return Array(
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16">\
                <rect width="16" height="16" fill="#\(hex)"/></svg>

                """.utf8)
        }
        return TinyPNG.pixel(colour)
    }

    /// Hands `body` every file of the folder, path and bytes: the home, the notes, the images.
    public func write(_ body: (String, [UInt8]) throws -> Void) throws {
        try body("index.md", Array("# Corpus\n\nA folder of \(corpus.pageCount) notes.\n".utf8))
        for number in 0..<corpus.pageCount { try body(notePath(ofPage: number), Array(note(ofPage: number).utf8)) }
        for k in 0..<imageCount { try body("images/" + imageName(k), image(k)) }
    }
}

/// The smallest valid PNG: one pixel, RGB, its data in a stored (uncompressed) deflate block.
enum TinyPNG {
    static func pixel(_ rgb: [UInt8]) -> [UInt8] {
        let header: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]
        let row: [UInt8] = [0] + rgb
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 4, 0, 0xFB, 0xFF] + row + bigEndian(adler32(row))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
