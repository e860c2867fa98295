import WikiConfiguration
import WikiDocuments
import WikiModel
import WikiPages
import WikiRender

/// What the check reads of one wiki: the analysis a build makes of it (its published pages,
/// their outlines and link graph) and the outline of its home (the wiki's description), whose
/// links are not in the graph.
struct WikiCheckInput: Sendable {
    let analysis: WikiAnalysis
    let home: PageOutline
    /// The files the home shows: a folder wiki's home note's; none for a wiki of documents.
    var homeAttachments: [Attachment] = []
    /// The links whose name fits several notes (a folder wiki matched as Obsidian does).
    var ambiguousLinks: [AmbiguousLinks.Link] = []
}

/// The check itself: a pure function from the database and the outlines of the wikis being
/// published to the findings, in report order.
enum CheckRules {
    /// Every finding about `wikis` (the wikis being published), the documents `refused` by the
    /// source readers, and the database's skipped documents and conflicts. Documents of a
    /// published wiki that is not being checked are left out.
    static func findings(
        database: WikiDatabase, wikis: [WikiCheckInput], refused: [SkippedDocument]
    ) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for wiki in wikis {
            let foldedTitles = TitleFolding.index(wiki.analysis.pages)
            findings += WikiLinkRules(database: database, input: wiki, foldedTitles: foldedTitles).findings()
            findings += titleCollisions(in: wiki.analysis, foldedTitles: foldedTitles)
            findings += aliasCollisions(in: wiki.analysis)
        }
        let attribution = DocumentAttribution(database: database, checked: wikis.map(\.analysis.wiki.id))
        for skipped in refused + database.skipped {
            guard let wikiID = attribution.wiki(ofDocument: skipped.documentID) else { continue }
            findings.append(
                CheckFinding(
                    .skippedDocument,
                    at: CheckLocation(wikiID: wikiID, documentID: skipped.documentID, origin: skipped.origin),
                    message: "not published: \(skipped.reason)"))
        }
        for skipped in database.skippedAttachments {
            guard let wikiID = attribution.wiki(ofDocument: skipped.documentID) else { continue }
            let what = skipped.name.map { "attachment \(MessageText.quoted($0)) is not published" }
            findings.append(
                CheckFinding(
                    .skippedAttachment,
                    at: CheckLocation(wikiID: wikiID, documentID: skipped.documentID, origin: skipped.origin),
                    message: "\(what ?? "field \"_attachments\" is ignored"): \(skipped.reason)"))
        }
        for invalid in database.invalidFrontMatter {
            guard let wikiID = attribution.wiki(ofDocument: invalid.documentID) else { continue }
            let place = invalid.line.map { "markdown line \($0): " } ?? ""
            findings.append(
                CheckFinding(
                    .invalidFrontMatter,
                    at: CheckLocation(wikiID: wikiID, documentID: invalid.documentID, origin: invalid.origin),
                    message: "\(place)\(invalid.reason)\(invalid.isShownAsCode ? " (shown as a code block)" : "")"))
        }
        for conflict in database.conflicts {
            guard let wikiID = attribution.wiki(ofDocument: conflict.documentID) else { continue }
            let losing = conflict.losers.map { MessageText.escaped($0.description) }.joined(separator: ", ")
            findings.append(
                CheckFinding(
                    .conflict,
                    at: CheckLocation(
                        wikiID: wikiID, documentID: conflict.documentID,
                        origin: attribution.origin(ofDocument: conflict.documentID)),
                    message:
                        "conflicting revisions: \(MessageText.escaped(conflict.winner.description)) is published, \(losing) "
                        + "\(conflict.losers.count == 1 ? "is" : "are") not; resolve the conflict in the database"))
        }
        let ordered = CheckFinding.inReportOrder(findings)
        return ordered.indices.compactMap { index in
            index > 0 && ordered[index].isSame(as: ordered[index - 1]) ? nil : ordered[index]
        }
    }

    /// One finding per group of published pages whose titles fold alike (`foldedTitles`).
    private static func titleCollisions(
        in analysis: WikiAnalysis, foldedTitles: [ExactString: [PageTitle]]
    ) -> [CheckFinding] {
        foldedTitles.values.compactMap { titles in
            guard titles.count > 1, let first = titles.first, let page = analysis.page(titled: first) else {
                return nil
            }
            let names = titles.map { MessageText.quoted($0.text) }
            let list = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return CheckFinding(
                .titleCollision,
                at: CheckLocation(
                    wikiID: analysis.wiki.id, documentID: page.documentID, page: first, origin: page.origin),
                collidingTitles: titles,
                message: "titles \(list) differ only in letter case or Unicode form; a link must spell one "
                    + "exactly, which is easy to get wrong: consider renaming")
        }
    }
}

/// The link findings of one wiki: links to missing pages, to drafts and to missing headings.
private struct WikiLinkRules: Sendable {
    let input: WikiCheckInput
    /// The published titles by folded form (`TitleFolding`).
    let foldedTitles: [ExactString: [PageTitle]]
    private let drafts: Set<PageTitle>
    /// The attachments left out of pages, by page `_id`, each with the reason.
    private let skippedAttachments: [ExactString: [SkippedAttachment]]
    /// The published titles that fold like each title no page has (`foldedTitles`), by its
    /// rank in the graph's `missingTitles`: folded once a title, not once a link to it.
    private let missingSuggestions: [[PageTitle]]

    init(database: WikiDatabase, input: WikiCheckInput, foldedTitles: [ExactString: [PageTitle]]) {
        self.input = input
        self.foldedTitles = foldedTitles
        drafts = Set(database.drafts(inWiki: input.analysis.wiki.id).map(\.title))
        skippedAttachments = Dictionary(grouping: database.skippedAttachments) { ExactString($0.documentID) }
        let missingTitles = input.analysis.graph.missingTitles
        missingSuggestions = Concurrently.map(missingTitles.count) {
            foldedTitles[TitleFolding.key(missingTitles[$0])] ?? []
        }
    }

    func findings() -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let wiki = input.analysis.wiki
        let home = Linker(
            documentID: wiki.id, page: nil, origin: wiki.origin, sections: Sections(input.home),
            attachments: input.homeAttachments)
        for link in input.home.links { check(link, node: nil, from: home, into: &findings) }
        for embed in input.home.attachments { check(embed, from: home, into: &findings) }
        // Each page's links are checked on their own, so pages go to every core; the findings
        // come back in page order.
        for pageFindings in Concurrently.map(input.analysis.pages.count, findings(ofPageAt:)) {
            findings += pageFindings
        }
        findings += input.ambiguousLinks.map(finding)
        return findings
    }

    /// The findings of the links and embeds of the published page at `position` (in the
    /// analysis's `pages`, which are the graph's): each link's target is the node the graph
    /// found for it, not looked up again.
    private func findings(ofPageAt position: Int) -> [CheckFinding] {
        let page = input.analysis.pages[position]
        let outline = input.analysis.graph.outline(at: position)
        var findings: [CheckFinding] = []
        let linker = Linker(
            documentID: page.documentID, page: page.title, origin: page.origin, sections: Sections(outline),
            attachments: page.attachments, position: position)
        let nodes = input.analysis.graph.linkNodes(ofPageAt: position)
        for (link, node) in zip(outline.links, nodes) { check(link, node: node, from: linker, into: &findings) }
        for embed in outline.attachments { check(embed, from: linker, into: &findings) }
        return findings
    }

    /// The page or home whose links are checked.
    private struct Linker: Sendable {
        let documentID: String
        let page: PageTitle?
        let origin: DocumentOrigin
        let sections: Sections
        let attachments: [Attachment]
        /// The page's position in the graph; nil for the home.
        var position: Int? = nil
    }

    private func check(_ embed: AttachmentEmbed, from linker: Linker, into findings: inout [CheckFinding]) {
        let written = "![[" + String(MessageText.quoted(embed.name).dropFirst().dropLast()) + "]]"
        let problem: String
        let attachment = linker.attachments.first { $0.name.isExactly(embed.name) }
        if embed.isLink, attachment == nil,
            skippedAttachments[ExactString(linker.documentID)]?.contains(where: {
                $0.name?.isExactly(embed.name) == true
            })
                != true
        {
            findings.append(
                CheckFinding(
                    .missingFile,
                    at: CheckLocation(
                        wikiID: input.analysis.wiki.id, documentID: linker.documentID, page: linker.page,
                        origin: linker.origin, line: embed.line),
                    message: "link to \(MessageText.quoted(embed.name)): the folder has no such file"))
            return
        }
        if let attachment {
            guard attachment.data == nil else { return }
            problem = "the source has only a stub of it, without its data: dump the database with attachments"
        } else if let skipped = skippedAttachments[ExactString(linker.documentID)]?.first(where: {
            $0.name?.isExactly(embed.name) == true
        }) {
            problem = "the attachment is not published: \(skipped.reason)"
        } else {
            let this =
                linker.page == nil ? "the home page has no attachments" : "this page has no attachment of that name"
            problem = this + " (embeds show the attachments of the page's own document)"
        }
        findings.append(
            CheckFinding(
                .missingAttachment,
                at: CheckLocation(
                    wikiID: input.analysis.wiki.id, documentID: linker.documentID, page: linker.page,
                    origin: linker.origin, line: embed.line), message: "embed \(written): \(problem)"))
    }

    /// The finding of a link whose name fits several notes.
    private func finding(_ link: AmbiguousLinks.Link) -> CheckFinding {
        let wiki = input.analysis.wiki
        let page = link.page.flatMap { input.analysis.page(titled: $0) }
        let notes = link.notes.map { MessageText.quoted($0.text) }
        return CheckFinding(
            .ambiguousLink,
            at: CheckLocation(
                wikiID: wiki.id, documentID: page?.documentID ?? wiki.id, page: link.page,
                origin: page?.origin ?? wiki.origin, line: link.line),
            target: WikilinkTarget(title: link.notes[0], fragment: nil),
            message: "link \(MessageText.quoted(link.written.text)) fits \(notes.count) notes, "
                + notes.joined(separator: ", ") + "; it leads to the first: write more of its path to choose")
    }

    /// Adds the finding of `link` of `linker`, if it has one. `node` is the link's node in the
    /// graph (`LinkGraph.linkNodes(ofPageAt:)`); nil for the home's links, which are not in it.
    private func check(_ link: PageLink, node: Int32?, from linker: Linker, into findings: inout [CheckFinding]) {
        let target = WikilinkTarget(title: link.target, fragment: link.fragment)
        // Most links are fine: how the link is written is only made for a finding's message.
        var written: String { (link.isEmbed ? "embed !" : "link ") + Self.written(target) }
        let wikiID = input.analysis.wiki.id
        func finding(_ category: CheckCategory, suggestions: [PageTitle] = [], _ message: String) -> CheckFinding {
            CheckFinding(
                category,
                at: CheckLocation(
                    wikiID: wikiID, documentID: linker.documentID, page: linker.page, origin: linker.origin,
                    line: link.line), target: target, suggestions: suggestions, message: message)
        }
        guard let title = link.target else {
            if let fragment = link.fragment, let missing = linker.sections.missing(fragment) {
                let this = linker.page == nil ? "the home page" : "this page"
                findings.append(
                    finding(
                        missing.category, "\(written): \(this) has no \(missing.part) \(MessageText.quoted(fragment))"))
            }
            return
        }
        let aliased = input.analysis.aliases.page(reachedThrough: title)
        if link.isEmbed, let aliased {
            findings.append(
                finding(
                    .missingPage,
                    "\(written) names an alias of page \(MessageText.quoted(aliased.text)); an embed does not go "
                        + "through an alias: embed the page by its title"))
            return
        }
        let reached = aliased ?? title
        let position =
            aliased == nil
            ? pagePosition(of: title, node: node, from: linker) : input.analysis.graph.position(of: reached)
        if let position {
            if let fragment = link.fragment,
                let missing = Sections(input.analysis.graph.outline(at: position)).missing(fragment)
            {
                findings.append(
                    finding(
                        missing.category,
                        "\(written): page \(MessageText.quoted(reached.text)) has no \(missing.part) "
                            + MessageText.quoted(fragment)))
            }
        } else if drafts.contains(title) {
            findings.append(
                finding(
                    .draftLink,
                    "\(written) leads to a draft, which is not published: publish the page or remove the link"))
        } else {
            let suggestions = suggestions(for: title, node: node)
            var message = "\(written) leads to a page that does not exist"
            if !suggestions.isEmpty {
                let names = suggestions.map { suggestion in
                    MessageText.quoted(suggestion.text)
                        + (TitleFolding.differOnlyInUnicodeForm(title, suggestion)
                            ? " (the same letters, in another Unicode form)" : "")
                }
                message += "; did you mean " + names.joined(separator: " or ")
                message += "? (links match titles exactly, letter case and Unicode form included)"
            }
            findings.append(finding(.missingPage, suggestions: suggestions, message))
        }
    }

    /// The position in the graph of the page titled `title`, which `linker` links to: read from
    /// the link's `node` when the graph has it, looked up otherwise; nil when no page has it.
    private func pagePosition(of title: PageTitle, node: Int32?, from linker: Linker) -> Int? {
        guard let node else { return input.analysis.graph.position(of: title) }
        if node < 0 { return linker.position }
        return Int(node) < input.analysis.pages.count ? Int(node) : nil
    }

    /// The published titles that fold like `title`, which no page has; `node` is a link's to
    /// it, if known.
    private func suggestions(for title: PageTitle, node: Int32?) -> [PageTitle] {
        let rank = node.map { Int($0) - input.analysis.pages.count } ?? -1
        guard rank >= 0, rank < missingSuggestions.count else { return foldedTitles[TitleFolding.key(title)] ?? [] }
        return missingSuggestions[rank]
    }

    /// The link as its target reads: `[[Title#Heading]]`, quoted for a terminal.
    private static func written(_ target: WikilinkTarget) -> String {
        var text = target.title?.text ?? ""
        if let fragment = target.fragment { text += "#" + fragment }
        return "[[" + String(MessageText.quoted(text).dropFirst().dropLast()) + "]]"
    }
}

/// Which published wiki a document belongs to, judged from its `_id`.
private struct DocumentAttribution {
    let database: WikiDatabase
    let checked: Set<ExactString>

    init(database: WikiDatabase, checked: [String]) {
        self.database = database
        self.checked = Set(checked.map(ExactString.init))
    }

    /// `.some(id)` for a document of checked wiki `id`, `.some(nil)` for one of no published
    /// wiki, nil for one of a published wiki that is not checked (left out of the report).
    func wiki(ofDocument documentID: String) -> String?? {
        let wikiID = Self.wikiPart(of: documentID)
        if checked.contains(ExactString(wikiID)) { return .some(wikiID) }
        if database.wiki(wikiID) != nil { return nil }
        return .some(nil)
    }

    /// Where the winning revision of a published document was read.
    func origin(ofDocument documentID: String) -> DocumentOrigin? {
        guard let colon = documentID.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            return database.wiki(documentID)?.origin
        }
        let wikiID = String(documentID[..<colon])
        guard let title = PageTitle(String(documentID[documentID.utf8.index(after: colon)...])) else { return nil }
        return database.page(inWiki: wikiID, titled: title)?.origin
            ?? database.drafts(inWiki: wikiID).first { $0.title == title }?.origin
    }

    /// The part of a page `_id` before its first colon; a wiki's `_id` as it is.
    private static func wikiPart(of documentID: String) -> String {
        guard let colon = documentID.utf8.firstIndex(of: UInt8(ascii: ":")) else { return documentID }
        return String(documentID[..<colon])
    }
}
