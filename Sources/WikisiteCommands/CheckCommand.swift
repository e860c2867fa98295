import ArgumentParser
import WikiConfiguration
import WikiSite

extension CheckReportFormat: ExpressibleByArgument {}

/// `wikisite check`: everything a build does but writing, and a report of what is wrong.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the wikis for broken links and invalid documents, without writing anything.",
        discussion: """
            Reads and validates the sources as build does, then reports, per wiki: links and \
            embeds to missing pages (with the likely title when only letter case or Unicode \
            form differs), to missing headings and to drafts, embeds of missing attachments, \
            titles that differ only in \
            letter case or Unicode form, skipped documents and attachments, front matter that is \
            not YAML, and conflicts. The \
            [check] table of wikisite.toml gives each category a level: error, warning or \
            ignore. --format text (for people), json (for programs) or github (GitHub Actions \
            annotations). Exit status: 0 nothing at error level, 1 a problem at error level (or \
            the sources could not be read), 2 bad usage.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("text, json or github.", valueName: "format"))
    var format: CheckReportFormat = .text

    func run() throws {
        let options = try site.buildOptions(commandLine: site.commandLine)
        let report: CheckReport
        do {
            report = try SiteCheck(options: options, reporter: TerminalReporter()).run()
        } catch let error as ConfigurationError {
            throw SiteOptions.badConfiguration(error)
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        print(format.render(report), terminator: "")
        if report.errorCount > 0 { throw ExitCode.findingsAtErrorLevel }
    }
}
