import ArgumentParser

extension ExitCode {
    /// The build failed, or `--strict` found warnings.
    static let buildFailed = ExitCode(1)
    /// `wikisite check` found a problem at error level.
    static let findingsAtErrorLevel = ExitCode(1)
    /// The command line (or the configuration file) was wrong.
    static let badUsage = ExitCode(2)
}
