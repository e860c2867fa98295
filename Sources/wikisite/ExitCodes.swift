import ArgumentParser

extension ExitCode {
    /// The build failed, or `--strict` found warnings.
    static let buildFailed = ExitCode(1)
    /// The command line was wrong.
    static let badUsage = ExitCode(2)
}
