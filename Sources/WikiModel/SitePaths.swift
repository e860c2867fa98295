import WikiDocuments

/// The site's file layout: a pure function of (wiki ID, title), with no lookup, so a link can
/// be turned into a URL without asking whether its target exists.
///
/// `<out>/<wikiFolder(id)>/<pageFile(title)>`, for example `5737529525067657/Sync_Client.html`.
///
/// ## The scheme
/// A name is a *readable part*, then `~` and a 10-character hash when the readable part alone
/// could be ambiguous, then `.html` for a page:
///
/// - The readable part is the title (or wiki ID) in NFC, spaces written `_`. Unicode letters,
///   digits and combining marks are kept as they are, and so are `-` `.` `_` `(` `)` `,` `+`
///   `'` `!`. Every other character (`/`, `\`, `:`, `%`, `~`, `?`, `#`, control characters,
///   symbols…) is replaced by `-`, a run of them by one `-`. The readable part is cut at 120
///   bytes (at a character boundary); leading dots (and, in wiki IDs, underscores) become one
///   `-`, so no name is hidden or starts with `_`.
/// - The hash is FNV-1a 64 of the exact UTF-8 of the title (normalized as `PageTitle` does)
///   or of the wiki ID, its top 50 bits in lowercase base32 (`a`–`z`, `2`–`7`). It is added
///   whenever the readable part is not a faithful spelling that only this title can have on
///   any file system: a character was replaced or the text was cut; the text was not NFC; a
///   character is not case-stable (it changes under case folding or lowercasing, or does not
///   come back from uppercasing then lowercasing: an uppercase letter, `ß`, `ς`, `ı`, `ﬁ`…); the
///   readable part starts with `.` or `_` or ends with `.`; in a wiki ID, a space (a wiki ID
///   may contain `_` itself); or the part before the first `.` is `index` or a Windows device
///   name (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, in any case), in which case
///   a `-` is also put after it (Windows takes `CON.txt` for the device `CON`).
///
/// `Sync Client` → `Sync_Client~<hash>.html`, `sync client` → `sync_client.html`,
/// `C++: Notes` → `C++-_Notes~<hash>.html`, `café` → `café.html`, `Café` → `Café~<hash>.html`.
///
/// ## Why it holds
/// - **One component, inside the output folder.** The readable part keeps no `/`, `\`, NUL or
///   control character, never starts with `.` (so it is never `.`, `..` or hidden) and is
///   never empty (`-` stands for nothing readable); percent signs are replaced, so `%2e%2e%2f`
///   is just text. Windows device names cannot form a name.
/// - **At most 255 bytes.** The readable part is at most 121 bytes, so a name is at most
///   121 + 11 + 5 bytes, whatever the title's length.
/// - **Distinct titles, distinct files, on every file system.** A name without a hash has no
///   `~` and is the only spelling of its title: it is the title in NFC with `_` for spaces,
///   and a title never holds `_` (normalization makes it a space), so the title can be read
///   back from it. Its characters are all case-stable and NFC, so a file system that folds
///   case (macOS, Windows) or normalizes (NFD on HFS+) maps two different such names to two
///   different names. A hashed name differs from every unhashed name by its `~`, and from
///   other hashed names by the hash, which is lowercase ASCII and so survives case folding:
///   `Apple` → `Apple~…` and `apple` → `apple.html`; NFC and NFD `Café` differ by their hash.
///   Two titles could still share a 50-bit hash (one chance in 10^15 for two titles, about one
///   in 200,000 for a wiki of 100,000 hashed titles): `WikiDatabaseBuilder` files the names of
///   every wiki by hash and skips, with a warning, a page whose hash is taken, so no page is
///   ever silently overwritten.
/// - **The site's own files never clash with a page.** No title or wiki ID makes a name that
///   starts with `_` or is `index.html` / `index`, so the site keeps its files in `_assets/`
///   and `_special/` and a wiki's home is `index.html`.
/// - **Readable.** Ordinary lowercase titles come out as they are typed, other titles as
///   close as possible with a short suffix.
public enum SitePaths {
    /// Files at the root of the output folder that crawlers look for by name, which no wiki
    /// folder may take (an unhashed name is lowercase, so an exact match is enough).
    static let reservedRootNames: Set<String> = ["robots.txt", "sitemap.xml"]

    /// The most bytes of a title or ID kept in a name before it is cut (and hashed).
    static let readableByteLimit = 120

    /// The folder of a wiki below the output folder: one path component, at most 132 bytes.
    public static func wikiFolder(_ wikiID: String) -> String {
        FileName.wiki(wikiID).text
    }

    /// The file of a page in its wiki's folder: one path component ending in `.html`, at most
    /// 137 bytes, such as `sync_client.html`.
    public static func pageFile(_ title: PageTitle) -> String {
        FileName.page(title).text + ".html"
    }

    /// The folder, beside the page `title`'s file, of the attachments that page shows: its
    /// file's name with `.files` for `.html` (`sync_client.files`), at most 138 bytes. No page
    /// file (they end in `.html`) and none of the site's own names (they start with `_`) can
    /// be such a name, and two pages never share one.
    public static func attachmentFolder(_ title: PageTitle) -> String {
        FileName.page(title).text + ".files"
    }

    /// The file of the attachment `name` in its page's `attachmentFolder`: one path component
    /// of at most 143 bytes, whatever the name holds (`/`, `..`, control characters).
    ///
    /// A name ending in a passive extension (`passiveExtensions`: images other than SVG, PDF,
    /// audio, video, archives) keeps it, so a web server serves the file with its type:
    /// `diagram.png` stays `diagram.png`; a name that is not a faithful spelling gets its hash
    /// before the extension (`Photo~<hash>.jpg` for `Photo.JPG`), by the scheme of page names.
    /// Any other name (`page.html`, `script.js`, `notes`) is spelled, hashed, and given `.bin`,
    /// so no attachment is ever served as a document a browser runs: `page.html~<hash>.bin`.
    ///
    /// A cleaned SVG (`isSVG`: `Attachment.isSVG`, whose bytes `SVGSanitizer` cleaned) is
    /// served as an image: `drawing.svg` stays `drawing.svg`, and an SVG whose name does not end
    /// in `.svg` is spelled, hashed, and given `.svg` (`drawing~<hash>.svg` for `drawing`).
    public static func attachmentFile(_ name: String, isSVG: Bool = false) -> String {
        if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot > name.utf8.startIndex {
            let stem = String(name[..<dot])
            let written = String(name[name.utf8.index(after: dot)...])
            let lowercased = written.lowercased()
            if isSVG ? lowercased == "svg" : passiveExtensions.contains(lowercased) {
                let spelled = FileName.spelling(stem, spacesAreUnderscores: false)
                guard spelled.hash == nil, written == lowercased else {
                    return FileName.spelling(stem, spacesAreUnderscores: false, hashing: name).text + "." + lowercased
                }
                return spelled.text + "." + lowercased
            }
        }
        return FileName.spelling(name, spacesAreUnderscores: false, hashing: name).text + (isSVG ? ".svg" : ".bin")
    }

    /// The extensions an attachment's file keeps: kinds of file a browser shows or downloads
    /// but never runs as part of the site (SVG, which may hold script, is not one of them: only
    /// a cleaned SVG keeps its extension).
    public static let passiveExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "ico", "tif", "tiff", "pdf", "mp3", "ogg", "oga", "wav",
        "flac", "m4a", "mp4", "m4v", "webm", "ogv", "mov", "zip", "gz", "tgz", "7z", "txt", "csv",
    ]

    /// The folder of a wiki's special pages: `_special`, a name no title can produce.
    public static let specialFolder = "_special"

    /// The folder of a folder wiki's files (its notes' images, PDFs…): `_files`, a name no title
    /// can produce.
    public static let folderFilesFolder = "_files"

    /// The components, below `folderFilesFolder`, of the file at `path` in a folder of Markdown
    /// (`img/my diagram.png`): each folder one component spelled as a name of the scheme (hashed
    /// unless faithful, so `..` or `%2f` is text), the file's name as `attachmentFile` spells it
    /// (passive types keep their extension, others end in `.bin`). Two paths never share them.
    public static func folderFileComponents(_ path: String, isSVG: Bool) -> [String] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let folders = parts.dropLast().map { FileName.spelling($0, spacesAreUnderscores: false).text }
        return folders + [attachmentFile(parts.last ?? "", isSVG: isSVG)]
    }

    /// The folder, in `specialFolder`, of a wiki's tag pages: `tags`.
    public static let tagsFolder = "tags"

    /// The folder, in `specialFolder`, of a folder wiki's folder pages: `folders`.
    public static let foldersFolder = "folders"

    /// The file of the page of the folder at `path` of a folder wiki (`guide/setup`): one path
    /// component ending in `.html`, at most 137 bytes. The folders' `/` are spelled `-` and the
    /// name hashed, so two folders never share a file, whatever their names hold (`..`, `%2f`).
    public static func folderFile(_ path: String) -> String {
        FileName.spelling(path, spacesAreUnderscores: false).text + ".html"
    }

    /// The name of the first file of the page of `tag` (the pages it is on): one path component
    /// ending in `.html`, at most 137 bytes, the same for every case of the tag. A nested tag's
    /// `/` is spelled `-`, and the name hashed, as a page name is.
    public static func tagFile(_ tag: WikiTag) -> String {
        tagStem(tag) + ".html"
    }

    /// The name of the folder, beside `tagFile(tag)`, of the other files of the page of `tag`.
    public static func tagStem(_ tag: WikiTag) -> String {
        FileName.spelling(tag.key, spacesAreUnderscores: false).text
    }

    /// A relative href from a page (or any file of a wiki's folder) to the page of `tag`.
    public static func tagHref(_ tag: WikiTag) -> String {
        specialFolder + "/" + tagsFolder + "/" + urlEncoded(tagFile(tag))
    }

    /// A relative href from a page to the page `title` of the same wiki:
    /// `urlEncoded(pageFile(title))`.
    public static func pageHref(_ title: PageTitle) -> String {
        urlEncoded(pageFile(title))
    }

    /// `component` percent-encoded for an href: every UTF-8 byte outside RFC 3986's unreserved
    /// characters (`A`–`Z` `a`–`z` `0`–`9` `-` `.` `_` `~`) and `(` `)` `,` `+` `!` is written
    /// `%XX`. The apostrophe is encoded too, so an href never closes a quoted attribute or
    /// string. Meant for components made by `SitePaths` (never `.` or `..`).
    public static func urlEncoded(_ component: String) -> String {
        let utf8 = component.utf8
        guard !utf8.allSatisfy(isKeptInURL) else { return component }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count * 3)
        let hexDigits = Array("0123456789ABCDEF".utf8)
        for byte in utf8 {
            if isKeptInURL(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isKeptInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "!"):
            true
        default: false
        }
    }
}

/// One name of the scheme `SitePaths` describes, without its extension.
struct FileName {
    /// The readable part, and `~hash` when it is not a faithful spelling.
    let text: String
    /// The 50-bit hash in the name, when it has one.
    let hash: UInt64?

    /// The name for `source` (a normalized title, or a wiki ID). `spacesAreUnderscores`: the
    /// source never holds `_`, so writing spaces as `_` is faithful (titles).
    static func spelling(_ source: String, spacesAreUnderscores: Bool) -> FileName {
        let readable = ReadablePart(source, spacesAreUnderscores: spacesAreUnderscores)
        guard !readable.isFaithful else {
            return FileName(text: String(decoding: readable.bytes, as: UTF8.self), hash: nil)
        }
        return hashed(readable, of: source)
    }

    /// The name for `source` with the hash of `hashed` whether it is a faithful spelling or
    /// not: for a name that keeps only part of what it names (an attachment's name without
    /// its extension).
    static func spelling(_ source: String, spacesAreUnderscores: Bool, hashing hashed: String) -> FileName {
        Self.hashed(ReadablePart(source, spacesAreUnderscores: spacesAreUnderscores), of: hashed)
    }

    private static func hashed(_ readable: ReadablePart, of source: String) -> FileName {
        let hash = StableHash.fnv1a64(source.utf8) >> 14
        var bytes = readable.bytes
        bytes.append(UInt8(ascii: "~"))
        bytes += StableHash.base32(hash)
        return FileName(text: String(decoding: bytes, as: UTF8.self), hash: hash)
    }

    /// The name of the page `title` without `.html`.
    static func page(_ title: PageTitle) -> FileName {
        spelling(title.text, spacesAreUnderscores: true)
    }

    /// The name of the folder of wiki `wikiID`. The names the site keeps at the root for
    /// crawlers (`robots.txt`, `sitemap.xml`) are spelled with their hash, as `index` is.
    static func wiki(_ wikiID: String) -> FileName {
        let name = spelling(wikiID, spacesAreUnderscores: false)
        guard name.hash == nil, SitePaths.reservedRootNames.contains(name.text) else { return name }
        let hash = StableHash.fnv1a64(wikiID.utf8) >> 14
        return FileName(text: name.text + "~" + String(decoding: StableHash.base32(hash), as: UTF8.self), hash: hash)
    }
}

/// The readable part of a name, and whether it spells its source faithfully.
private struct ReadablePart {
    private(set) var bytes: [UInt8] = []
    private(set) var isFaithful = true

    private static let dot = UInt8(ascii: ".")
    private static let underscore = UInt8(ascii: "_")
    private static let dash = UInt8(ascii: "-")
    private static let reservedStems: Set<String> = {
        var stems: Set<String> = ["index", "con", "prn", "aux", "nul"]
        for digit in 0...9 {
            stems.insert("com\(digit)")
            stems.insert("lpt\(digit)")
        }
        return stems
    }()

    init(_ source: String, spacesAreUnderscores: Bool) {
        let normalized = UnicodeText.nfc(source)
        if !normalized.utf8.elementsEqual(source.utf8) { isFaithful = false }
        bytes.reserveCapacity(min(source.utf8.count, SitePaths.readableByteLimit))
        var lastWasReplaced = false
        for scalar in normalized.unicodeScalars {
            let spelled: Unicode.Scalar
            switch Self.classify(scalar) {
            case .kept(let isCaseStable):
                spelled = scalar
                lastWasReplaced = false
                if !isCaseStable { isFaithful = false }
            case .space:
                spelled = "_"
                lastWasReplaced = false
                if !spacesAreUnderscores { isFaithful = false }
            case .replaced:
                isFaithful = false
                if lastWasReplaced { continue }
                spelled = "-"
                lastWasReplaced = true
            }
            guard bytes.count + UTF8.width(spelled) <= SitePaths.readableByteLimit else {
                isFaithful = false
                break
            }
            UTF8.encode(spelled) { bytes.append($0) }
        }
        guardEnds()
        guardReservedStem()
    }

    /// No leading dot or underscore (hidden files, the site's own `_` names), never empty,
    /// no trailing dot (Windows drops it).
    private mutating func guardEnds() {
        let leading = bytes.prefix { $0 == Self.dot || $0 == Self.underscore }.count
        if leading > 0 {
            bytes.replaceSubrange(0..<leading, with: [Self.dash])
            isFaithful = false
        }
        if bytes.isEmpty {
            bytes = [Self.dash]
            isFaithful = false
        }
        if bytes.last == Self.dot { isFaithful = false }
    }

    /// `index` (a wiki's home) and Windows device names, alone or before a dot.
    private mutating func guardReservedStem() {
        let stemEnd = bytes.firstIndex(of: Self.dot) ?? bytes.endIndex
        guard stemEnd <= 5 else { return }
        let lowercased = bytes[..<stemEnd].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        guard Self.reservedStems.contains(String(decoding: lowercased, as: UTF8.self)) else { return }
        isFaithful = false
        if stemEnd < bytes.endIndex { bytes.insert(Self.dash, at: stemEnd) }
    }

    private enum Spelling {
        case kept(isCaseStable: Bool)
        case space
        case replaced
    }

    private static func classify(_ scalar: Unicode.Scalar) -> Spelling {
        if scalar.isASCII {
            switch UInt8(scalar.value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .kept(isCaseStable: true)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return .kept(isCaseStable: false)
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "'"), UInt8(ascii: "!"):
                return .kept(isCaseStable: true)
            case UInt8(ascii: " "):
                return .space
            default:
                return .replaced
            }
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return .kept(isCaseStable: UnicodeText.isCaseStable(scalar))
        default:
            return .replaced
        }
    }
}

/// FNV-1a 64, a hash that never changes between runs or machines (unlike `Hasher`); names use
/// its top 50 bits.
enum StableHash {
    static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// A 50-bit hash as 10 lowercase base32 characters, most significant first.
    static func base32(_ hash: UInt64) -> [UInt8] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        return (0..<10).map { index in alphabet[Int(truncatingIfNeeded: (hash >> UInt64(45 - 5 * index)) & 0x1F)] }
    }
}
