import Foundation
import Synchronization
import WikiPages
import WikiSite

/// Reports a build on standard error: a progress bar on a terminal, plain lines otherwise.
final class TerminalReporter: BuildReporter {
    private let isTerminal: Bool
    private let lastDrawn = Mutex(-1)

    init() {
        isTerminal = isatty(STDERR_FILENO) == 1
    }

    func stage(_ description: String) {
        clearBar()
        Self.printError(description)
    }

    func progress(done: Int, total: Int) {
        guard isTerminal, total >= 200 else { return }
        let percent = done * 100 / max(total, 1)
        let shouldDraw = lastDrawn.withLock { last in
            guard percent != last else { return false }
            last = percent
            return true
        }
        guard shouldDraw else { return }
        let width = 30
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) pages".utf8))
        if done == total { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    func waitingForOtherBuild(holder: String) {
        Self.printError("another wikisite build (\(holder)) is writing to this output folder; waiting for it to finish")
    }

    private func clearBar() {
        guard isTerminal else { return }
        lastDrawn.withLock { $0 = -1 }
    }

    /// Writes a line to standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
