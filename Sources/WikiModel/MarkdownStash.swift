import WikiDocuments
import WikiFrontMatter

/// Keeps the Markdown of pages in a `ScratchFile` from the moment their document is read until
/// they are rendered, so that a build does not hold every page's text in memory (at 100,000
/// pages of this size, 250 MB).
///
/// A text the file cannot take (a full disk) is held in memory instead: nothing is ever lost.
public final class MarkdownStash: Sendable {
    private let file: ScratchFile

    /// A stash in `folder`; nil when no scratch file can be made there.
    public init?(inFolder folder: String) {
        guard let file = ScratchFile(inFolder: folder, prefix: ".wikisite-markdown") else { return nil }
        self.file = file
    }

    /// `text`, kept in the file (or in memory, if the file cannot take it).
    public func keep(_ text: String) -> MarkdownText {
        guard let place = file.append(text) else { return MarkdownText(text) }
        return MarkdownText(
            stashedIn: self, at: place, digest: MarkdownText.digest(of: text),
            opensWithDashes: FrontMatterBlock.mayOpen(text.utf8))
    }

    /// How many bytes of Markdown the stash took.
    var byteCount: Int { file.byteCount }

    /// The text kept at `place`.
    func text(at place: Range<Int>) -> String {
        guard let text = file.text(at: place) else { readBackFailed(at: place) }
        return text
    }

    /// Calls `body` with the UTF-8 bytes of the text kept at `place`.
    func withUTF8<Result>(at place: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let result = file.withBytes(at: place, body) else { readBackFailed(at: place) }
        return result
    }

    /// Stops the process: the file was written by this process and stays open until it ends,
    /// so failing to read it back means the disk under it failed, and there is no other copy
    /// of the text.
    private func readBackFailed(at place: Range<Int>) -> Never {
        fatalError(
            "wikisite: could not read back \(place.count) bytes of Markdown at byte \(place.lowerBound) of "
                + "its scratch file \(file.path) (removed when opened): the disk failed")
    }
}

/// The Markdown of a page: held in memory, or kept in a `MarkdownStash` until it is read.
///
/// Its length and digest are known either way without reading it, for the build's size
/// estimates and fingerprints; the digest does not depend on where the text is kept.
public struct MarkdownText: Sendable {
    private enum Storage: Sendable {
        case held(String)
        case stashed(MarkdownStash, Range<Int>)
    }

    private let storage: Storage
    /// The length of the text in UTF-8 bytes.
    public let byteCount: Int
    /// A 64-bit digest of the text (`Fingerprint`), the same wherever the text is kept.
    public let digest: Int64
    /// Whether the text starts with `---`, as front matter does: only such a text is read before
    /// it is rendered.
    let opensWithDashes: Bool

    /// `text`, held in memory.
    public init(_ text: String) {
        storage = .held(text)
        byteCount = text.utf8.count
        digest = Self.digest(of: text)
        opensWithDashes = FrontMatterBlock.mayOpen(text.utf8)
    }

    init(stashedIn stash: MarkdownStash, at place: Range<Int>, digest: Int64, opensWithDashes: Bool) {
        storage = .stashed(stash, place)
        byteCount = place.count
        self.digest = digest
        self.opensWithDashes = opensWithDashes
    }

    /// The text from byte `start` on, where `text` is this text (read once by the caller): kept
    /// where this one is, so a stashed page stays out of memory.
    func suffix(fromByte start: Int, of text: String) -> MarkdownText {
        let rest = String(decoding: text.utf8.dropFirst(start), as: UTF8.self)
        switch storage {
        case .held: return MarkdownText(rest)
        case .stashed(let stash, let place):
            return MarkdownText(
                stashedIn: stash, at: place.lowerBound + start..<place.upperBound, digest: Self.digest(of: rest),
                opensWithDashes: FrontMatterBlock.mayOpen(rest.utf8))
        }
    }

    /// The text (read back from the stash when it is kept there).
    public var text: String {
        switch storage {
        case .held(let text): text
        case .stashed(let stash, let place): stash.text(at: place)
        }
    }

    /// Calls `body` with the text's UTF-8 bytes, read back from the stash without making a
    /// string of them when it is kept there: they are those of a string, valid UTF-8.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .held(var text): text.withUTF8(body)
        case .stashed(let stash, let place): stash.withUTF8(at: place, body)
        }
    }

    static func digest(of text: String) -> Int64 {
        var fingerprint = Fingerprint()
        fingerprint.add(text)
        return fingerprint.value
    }
}
