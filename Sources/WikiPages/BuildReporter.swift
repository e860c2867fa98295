/// Receives a build's progress as it happens; the CLI decides what reaches the terminal.
public protocol BuildReporter: Sendable {
    /// A stage of the build started ("reading Examples/touchwiki.json").
    func stage(_ description: String)
    /// `done` of `total` pages are rendered and written. Called from several threads.
    func progress(done: Int, total: Int)
    /// Another build holds the output folder; this one waits for it.
    func waitingForOtherBuild(holder: String)
}

/// A reporter that reports nothing, for library users and tests.
public struct SilentReporter: BuildReporter {
    /// A reporter that drops every report.
    public init() {}
    public func stage(_ description: String) {}
    public func progress(done: Int, total: Int) {}
    public func waitingForOtherBuild(holder: String) {}
}
