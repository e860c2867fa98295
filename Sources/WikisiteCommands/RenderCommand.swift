import ArgumentParser
import Foundation
import WikiRender
import WikiSite

/// `wikisite render`: Markdown on standard input to a page body's HTML on standard output.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render Markdown from standard input to page body HTML, as a build would.",
        discussion: """
            For debugging, editor integrations and checking the renderer against the CommonMark \
            and GFM specs. The Markdown is GitHub-flavoured unless --commonmark is given. \
            Wikilinks point where the pages of --wiki live. With --source, links to pages that \
            are not in that wiki get the "missing" class; without it every page is taken to exist.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The wiki the Markdown belongs to, by ID.", valueName: "id"))
    var wiki: String?

    @Option(name: .long, help: ArgumentHelp("The title of the page being rendered.", valueName: "title"))
    var title: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A dump whose pages decide which links are missing (repeatable).", valueName: "path"))
    var source: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("obsidian ([[target|label]]) or gollum ([[label|target]]).", valueName: "style")
    )
    var linkStyle: LinkStyle = .obsidian

    @Flag(name: .long, help: "Read the Markdown as strict CommonMark, without GitHub's extensions.")
    var commonmark = false

    @Flag(name: .long, help: "Pass raw HTML through as written, as a wiki with raw_html = true does.")
    var rawHTML = false

    func validate() throws {
        if !source.isEmpty && wiki == nil {
            throw ValidationError("--source needs --wiki: links are resolved within one wiki.")
        }
    }

    func run() throws {
        let markdown = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let renderer: StandaloneRenderer
        do {
            renderer = try StandaloneRenderer(
                wikiID: wiki, pageTitle: title, sources: source, linkStyle: linkStyle,
                dialect: commonmark ? .commonmark : .gfm, allowRawHTML: rawHTML)
        } catch {
            TerminalReporter.printError("error: \(error)")
            throw ExitCode.buildFailed
        }
        FileHandle.standardOutput.write(Data(renderer.render(markdown).utf8))
    }
}
