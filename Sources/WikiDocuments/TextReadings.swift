import Synchronization

/// The readings of texts by a pure function, kept for the life of the process: each distinct
/// text is read once, and reading it again gives the same value or the same error.
///
/// TOMLKit never frees a table it parses (its `TOMLTable` has no `deinit`), so a process that
/// parses the same TOML again and again would grow with each parse: `wikisite serve` reads
/// the theme's strings files and `wikisite.toml` at every build, about 70 KB a build. A process
/// keeps one reading per distinct text instead, which also saves parsing it again.
public final class TextReadings<Value: Sendable, Failure: Error & Sendable>: Sendable {
    private let readings = Mutex<[String: Result<Value, Failure>]>([:])

    /// No reading yet.
    public init() {}

    /// The reading of the text `key` names: `read()` the first time, the kept outcome after.
    /// `key` must hold everything `read` depends on.
    public func reading(_ key: String, _ read: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let kept = readings.withLock({ $0[key] }) { return try kept.get() }
        let outcome = Result { () throws(Failure) in try read() }
        readings.withLock { $0[key] = outcome }
        return try outcome.get()
    }
}
