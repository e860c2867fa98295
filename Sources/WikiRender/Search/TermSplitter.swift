/// Splits a text into the search index's terms as its scalars come (`SearchTerms`): a word is
/// a run of letters, marks and digits, folded when it ends; a run of Chinese or Japanese
/// characters gives a term for each pair of neighbours.
struct TermSplitter {
    /// Takes the UTF-8 of each term as it ends.
    let body: (UnsafeBufferPointer<UInt8>) -> Void
    /// The UTF-8 of the word so far, its ASCII letters lowercased.
    private var word: [UInt8] = []
    private var isASCII = true
    /// The folding of a word of Latin letters, or of ASCII letters some of them capitals, made
    /// in place of the last one's.
    private var folded: [UInt8] = []
    private var isLatin = true
    /// The ideographs of the run so far.
    private var ideographs: [Unicode.Scalar] = []

    init(body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.body = body
        word.reserveCapacity(64)
    }

    /// Takes the scalars of `bytes`, valid UTF-8. Most bytes are ASCII, a letter or digit of a
    /// word or a byte between words, and take no decoding; a word of ASCII letters and digits
    /// alone, lowercase, is handed over from `bytes` themselves, without a copy.
    mutating func add(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                add(scalarOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                index += length
            } else if !Self.isWordByte(byte) {
                endWord()
                endIdeographs()
                index += 1
            } else {
                var (end, hasCapital) = (index + 1, Self.isCapital(byte))
                while end < bytes.count, Self.isWordByte(bytes[end]) {
                    hasCapital = hasCapital || Self.isCapital(bytes[end])
                    end += 1
                }
                // The word ends at `end` unless a scalar of another script may go on with it.
                let ends = end < bytes.count && bytes[end] < 0x80
                if word.isEmpty, ends {
                    endIdeographs()
                    let letters = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    if letters.count <= SearchTerms.longestTerm { take(ascii: letters, hasCapital: hasCapital) }
                } else {
                    for letter in bytes[index..<end] { add(asciiByte: letter) }
                }
                index = end
            }
        }
    }

    /// Hands over the word `letters`, ASCII letters and digits: as they are when none is a
    /// capital, else lowercased into `folded`.
    private mutating func take(ascii letters: UnsafeBufferPointer<UInt8>, hasCapital: Bool) {
        guard hasCapital else { return body(letters) }
        folded.removeAll(keepingCapacity: true)
        for letter in letters { folded.append(Self.isCapital(letter) ? letter + 32 : letter) }
        folded.withUnsafeBufferPointer(body)
    }

    /// Whether the ASCII `byte` is a letter or a digit.
    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// Whether the ASCII `byte` is a capital letter.
    @inline(__always) private static func isCapital(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }

    /// Takes a byte below 0x80: a letter or digit goes to the word, lowercased; any other byte
    /// ends the word and the run of ideographs.
    private mutating func add(asciiByte byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            endIdeographs()
            word.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            // Lowercased as it comes: every folding lowercases, and an ASCII letter's case
            // changes no neighbour's (Greek's final sigma sees a letter either way).
            endIdeographs()
            word.append(byte + 32)
        default:
            endWord()
            endIdeographs()
        }
    }

    /// Takes the scalar whose UTF-8 is `bytes`, two to four bytes of valid UTF-8.
    private mutating func add(scalarOf bytes: UnsafeBufferPointer<UInt8>) {
        var value = UInt32(bytes[0]) & (bytes.count == 2 ? 0x1F : bytes.count == 3 ? 0x0F : 0x07)
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return }
        if SearchTerms.isIdeograph(scalar) {
            endWord()
            ideographs.append(scalar)
        } else if SearchTerms.isWordScalar(scalar) {
            endIdeographs()
            word.append(contentsOf: bytes)
            isASCII = false
            isLatin = isLatin && value < SearchTerms.latinEnd
        } else {
            endWord()
            endIdeographs()
        }
    }

    /// Ends the text: its last word or run of ideographs.
    mutating func end() {
        endWord()
        endIdeographs()
    }

    @inline(__always) private mutating func endWord() {
        if !word.isEmpty { takeWord() }
    }

    /// Hands the word over, folded, unless it is too long, and starts the next.
    private mutating func takeWord() {
        if isASCII {
            if word.count <= SearchTerms.longestTerm { word.withUnsafeBufferPointer(body) }
        } else if isLatin {
            folded.removeAll(keepingCapacity: true)
            let scalars = SearchTerms.appendLatinFolded(word, to: &folded)
            if !folded.isEmpty, scalars <= SearchTerms.longestTerm { folded.withUnsafeBufferPointer(body) }
        } else {
            let term = SearchTerms.folded(String(decoding: word, as: UTF8.self))
            if !term.isEmpty, term.unicodeScalars.count <= SearchTerms.longestTerm { take(term) }
        }
        word.removeAll(keepingCapacity: true)
        isASCII = true
        isLatin = true
    }

    @inline(__always) private mutating func endIdeographs() {
        if !ideographs.isEmpty { takeIdeographs() }
    }

    /// Hands over the run's pairs of ideographs (or its one ideograph) and starts the next.
    private mutating func takeIdeographs() {
        if ideographs.count == 1 { take(String(Character(ideographs[0]))) }
        for index in ideographs.indices.dropLast() {
            var pair = String.UnicodeScalarView()
            pair.append(ideographs[index])
            pair.append(ideographs[index + 1])
            take(String(pair))
        }
        ideographs.removeAll(keepingCapacity: true)
    }

    /// Hands `term` over.
    private func take(_ term: String) {
        var term = term
        term.withUTF8(body)
    }
}
