import Synchronization
import WikiModel

/// Page bodies kept past the memory budget of `RenderedBodies`, in a `ScratchFile` of the state
/// folder: each written once by the analysis pass and read back once by the writing pass, so a
/// page is parsed once whatever the size of the wiki, and the bodies take no memory meanwhile.
///
/// A body that cannot be written (a full disk) is simply not kept: the writing pass renders that
/// page again. Thread-safe.
package final class SpilledBodies: Sendable {
    private let file: ScratchFile
    /// Where each kept body is, by page position.
    private let places = Mutex<[Int: Range<Int>]>([:])

    /// A scratch file in `folder`; nil when none can be made there.
    package init?(inFolder folder: String) {
        guard let file = ScratchFile(inFolder: folder, prefix: ".wikisite-bodies") else { return nil }
        self.file = file
    }

    /// Keeps `html`, the body of the page at `position`; whether it was written whole.
    func keep(_ html: String, forPageAt position: Int) -> Bool {
        guard let place = file.append(html) else { return false }
        places.withLock { $0[position] = place }
        return true
    }

    /// The body kept for the page at `position`, handed over once; nil when none was kept, or it
    /// cannot be read back (the writing pass then renders the page).
    func take(forPageAt position: Int) -> String? {
        guard let place = places.withLock({ $0.removeValue(forKey: position) }) else { return nil }
        return file.text(at: place)
    }
}
