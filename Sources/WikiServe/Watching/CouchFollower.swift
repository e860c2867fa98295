import Foundation
import WikiCouch

/// Follows the `_changes` feed of a CouchDB-compatible source on a thread of its own and notes
/// each batch of changes in a `ChangeDebouncer`. A fault the connection's retries cannot mend
/// (credentials refused, the database gone) is logged, and the watch starts again after a pause;
/// the build shows the error itself.
final class CouchFollower: Sendable {
    /// The pause before watching again after a fault.
    static let pause: TimeInterval = 5
    private let stopSignal = StopSignal()

    /// Starts following `url` after `checkpoint`, the JSON text of the last build's checkpoint of it.
    func start(url: String, after checkpoint: String?, debouncer: ChangeDebouncer) {
        let shown = CouchDatabaseURL.hidingCredentials(in: url)
        let thread = Thread { [stopSignal] in
            while !stopSignal.isStopped {
                do {
                    let watch = try CouchChangeWatch(url: url, after: checkpoint, stop: stopSignal)
                    while try watch.waitForChanges() { debouncer.note(shown) }
                } catch {
                    PreviewLog.write("warning: following \(shown): \(error); watching again in \(Int(Self.pause)) s")
                    debouncer.note(shown)
                    Thread.sleep(forTimeInterval: Self.pause)
                }
            }
        }
        thread.name = "wikisite serve: following \(shown)"
        thread.start()
    }

    /// Stops following: the request in flight is cancelled.
    func stop() { stopSignal.stop() }
}
