import WikiDocuments
import WikiModel
import WikiRender

/// The wikilinks between the pages of one wiki, and their reverse index: for every title,
/// the pages that link to it, whether a page has that title or not.
///
/// Built once per wiki from the outlines of its published pages (drafts are not pages: a link
/// to a draft is a link to a missing page). The wiki's home is not a page and its links are not
/// in the graph. A page's links to itself (`[[Own Title]]`, `[[#Heading]]`) stay in its
/// `links(from:)` but make no backlink.
///
/// An embed of a page (`![[Page]]`) is a link like any other, marked `PageLink.isEmbed`;
/// `embedders(of:)` follows embeds alone.
///
/// Every list the graph returns is sorted by title in byte order (`PageTitle <`), so it is the
/// same whatever order the pages were handed in, and it is cheap: `backlinks(to:)` reads the
/// reverse index, it never scans the pages.
public struct LinkGraph: Sendable {
    /// The titles of the published pages, in byte order.
    public let pageTitles: [PageTitle]
    /// The titles that are linked to but have no page, in byte order.
    public let missingTitles: [PageTitle]
    /// The number of links from a page to another page or to a missing page (occurrences, so
    /// a page linking twice to the same title counts twice; links to the linking page itself
    /// are not counted).
    public let linkCount: Int
    /// Of `linkCount`, the links to missing pages.
    public let missingLinkCount: Int

    /// The outline of each page, by position in `pageTitles`.
    private let outlines: [PageOutline]
    /// The position of each page in `pageTitles`, and of each missing title in `missingTitles`
    /// (shifted by the number of pages): one numbering of every node of the graph.
    private let nodes: [PageTitle: Int]
    /// The reverse index, packed: the pages linking to node `n` are
    /// `linkers[linkerStart[n]..<linkerStart[n + 1]]`, as positions in `pageTitles`, ascending.
    private let linkerStart: [Int]
    private let linkers: [Int32]
    /// The node of every link of every page, page by page in the order of `pageTitles`, each
    /// page's in document order (see `linkNodes(ofPageAt:)`); the links of the page at
    /// position `p` are `linkNodes[linkStart[p]..<linkStart[p + 1]]`.
    private let linkNodes: [Int32]
    private let linkStart: [Int]
    /// The reverse index of embeds, which are few: the positions (in `pageTitles`, ascending)
    /// of the pages that embed each embedded title.
    private let embedders: [PageTitle: [Int32]]
    /// The nodes of the linked aliases whose redirects lead to each page, by the page's
    /// position: a link to one of them is a backlink of the page.
    private let aliasNodes: [Int: [Int]]

    /// The graph of the pages `titles`, whose outlines are `outlines` (the same count, in the
    /// same order; any order of pages). Titles must be distinct, as the pages of a wiki are.
    /// A link to one of `aliases` is to neither a page nor a missing title: it reaches the page
    /// the alias leads to, and `backlinks(to:)` of the alias lists the pages making it. The
    /// page counts them among its own backlinks (`backlinks(ofPage:)`), so none is an orphan.
    public init(titles: [PageTitle], outlines: [PageOutline], aliases: WikiAliases = WikiAliases()) {
        precondition(titles.count == outlines.count, "one outline per page")
        precondition(titles.count < Int(Int32.max), "too many pages for one wiki")
        let order = titles.indices.sorted { titles[$0] < titles[$1] }
        let pageTitles = order.map { titles[$0] }
        let outlines = order.map { outlines[$0] }
        var nodes: [PageTitle: Int] = [:]
        nodes.reserveCapacity(pageTitles.count)
        for (position, title) in pageTitles.enumerated() {
            precondition(nodes.updateValue(position, forKey: title) == nil, "two pages titled \(title)")
        }

        // Each link's node, page by page (-1: a link to the linking page itself). The links to
        // pages, most of them, are looked up on every core first.
        var linkNodes = Self.pageNodes(ofLinksIn: outlines, pages: nodes)
        let missing = Self.numberMissingTitles(
            linkedIn: outlines, linkNodes: &linkNodes, nodes: &nodes, pageCount: pageTitles.count, aliases: aliases)
        let (counts, linkers) = Self.reverseIndex(
            of: outlines, linkNodes: linkNodes, nodeCount: pageTitles.count + missing.nodeCount)
        var embedders: [PageTitle: [Int32]] = [:]
        for (position, outline) in outlines.enumerated() {
            for link in outline.links where link.isEmbed {
                guard let target = link.target, target != pageTitles[position],
                    embedders[target]?.last != Int32(position)
                else { continue }
                embedders[target, default: []].append(Int32(position))
            }
        }

        var aliasNodes: [Int: [Int]] = [:]
        for redirect in aliases.redirects {
            guard let node = nodes[redirect.alias], node >= pageTitles.count, let page = nodes[redirect.page],
                page < pageTitles.count
            else { continue }
            aliasNodes[page, default: []].append(node)
        }

        self.pageTitles = pageTitles
        self.missingTitles = missing.titles
        self.aliasNodes = aliasNodes
        self.embedders = embedders
        self.linkCount = missing.linkCount
        self.missingLinkCount = missing.missingLinkCount
        self.outlines = outlines
        self.nodes = nodes
        self.linkerStart = counts
        self.linkers = linkers
        self.linkNodes = linkNodes.map { Int32($0) }
        var linkStart = [0]
        linkStart.reserveCapacity(outlines.count + 1)
        for outline in outlines { linkStart.append(linkStart[linkStart.count - 1] + outline.links.count) }
        self.linkStart = linkStart
    }

    /// Numbers the titles `outlines` link to that no page has, after the `pageCount` pages, in
    /// byte order, then the `aliases` among them, adding each to `nodes` and setting the node of
    /// each link to one in `linkNodes`. Returns the missing titles in that order, with how many
    /// nodes they and the aliases take, how many links the pages make (self links left out), and
    /// how many of them to missing titles.
    private static func numberMissingTitles(
        linkedIn outlines: [PageOutline], linkNodes: inout [Int], nodes: inout [PageTitle: Int], pageCount: Int,
        aliases: WikiAliases
    ) -> (titles: [PageTitle], nodeCount: Int, linkCount: Int, missingLinkCount: Int) {
        var unknown: [PageTitle] = []
        var linkCount = 0
        var missingLinkCount = 0
        var cursor = 0
        // Numbered as they come first, then renumbered in byte order.
        for outline in outlines {
            for link in outline.links {
                defer { cursor += 1 }
                if linkNodes[cursor] != Self.missingNode {
                    if linkNodes[cursor] >= 0 { linkCount += 1 }
                    continue
                }
                let target = link.target!
                let node: Int
                if let known = nodes[target] {
                    node = known
                } else {
                    node = pageCount + unknown.count
                    nodes[target] = node
                    unknown.append(target)
                }
                linkNodes[cursor] = node
                linkCount += 1
                if !aliases.redirects(target) { missingLinkCount += 1 }
            }
        }
        // The missing titles first, then the aliases, each in byte order.
        let order = unknown.indices.sorted { left, right in
            let (leftIsAlias, rightIsAlias) = (aliases.redirects(unknown[left]), aliases.redirects(unknown[right]))
            return leftIsAlias != rightIsAlias ? rightIsAlias : unknown[left] < unknown[right]
        }
        var renumbered = [Int](repeating: 0, count: unknown.count)
        for (rank, old) in order.enumerated() {
            renumbered[old] = pageCount + rank
            nodes[unknown[old]] = pageCount + rank
        }
        for index in linkNodes.indices where linkNodes[index] >= pageCount {
            linkNodes[index] = renumbered[linkNodes[index] - pageCount]
        }
        let missing = order.map { unknown[$0] }.filter { !aliases.redirects($0) }
        return (missing, unknown.count, linkCount, missingLinkCount)
    }

    /// The reverse index of the links of `outlines`, whose nodes are `linkNodes` (page by page,
    /// in document order; -1 for a self link), over `nodeCount` nodes: where each node's
    /// linkers start in `linkers` (one entry more than nodes), and the positions of the linking
    /// pages, each once a node, ascending.
    private static func reverseIndex(
        of outlines: [PageOutline], linkNodes: [Int], nodeCount: Int
    ) -> (starts: [Int], linkers: [Int32]) {
        // Count each (node, linking page) pair once, then fill: pages come in ascending order,
        // so each node's linkers come out sorted without a sort.
        var lastLinker = [Int](repeating: -1, count: nodeCount)
        var counts = [Int](repeating: 0, count: nodeCount + 1)
        var cursor = 0
        for (position, outline) in outlines.enumerated() {
            for _ in outline.links {
                let target = linkNodes[cursor]
                cursor += 1
                guard target >= 0 else { continue }
                if lastLinker[target] != position {
                    lastLinker[target] = position
                    counts[target + 1] += 1
                }
            }
        }
        for node in 0..<nodeCount { counts[node + 1] += counts[node] }
        var fill = counts
        var linkers = [Int32](repeating: 0, count: counts[nodeCount])
        lastLinker = [Int](repeating: -1, count: nodeCount)
        cursor = 0
        for (position, outline) in outlines.enumerated() {
            for _ in outline.links {
                let target = linkNodes[cursor]
                cursor += 1
                guard target >= 0 else { continue }
                if lastLinker[target] != position {
                    lastLinker[target] = position
                    linkers[fill[target]] = Int32(position)
                    fill[target] += 1
                }
            }
        }
        return (counts, linkers)
    }

    /// Marks a link to a title no page has, in `pageNodes(ofLinksIn:pages:)`.
    private static let missingNode = Int.min

    /// The node of each link of `outlines` (page by page, in document order): the position of
    /// the page it points to in `pages`, -1 for a link to the linking page itself (or to one of
    /// its headings), `missingNode` for a link to a title no page has. Worked out on every core,
    /// a run of pages at a time.
    private static func pageNodes(ofLinksIn outlines: [PageOutline], pages: [PageTitle: Int]) -> [Int] {
        let runs = Concurrently.mapRuns(outlines.count) { positions in
            var nodes: [Int] = []
            for position in positions {
                for link in outlines[position].links {
                    guard let target = link.target else {
                        nodes.append(-1)
                        continue
                    }
                    guard let node = pages[target] else {
                        nodes.append(missingNode)
                        continue
                    }
                    nodes.append(node == position ? -1 : node)
                }
            }
            return nodes
        }
        return Array(runs.joined())
    }

    /// Whether a published page has the title `title`.
    public func contains(_ title: PageTitle) -> Bool {
        position(of: title) != nil
    }

    /// The outline of the page `title`; nil when there is no such page.
    public func outline(of title: PageTitle) -> PageOutline? {
        position(of: title).map { outlines[$0] }
    }

    /// The wikilinks of the page `title`, in document order; empty when there is no such page.
    public func links(from title: PageTitle) -> [PageLink] {
        outline(of: title)?.links ?? []
    }

    /// The headings of the page `title`, in document order; empty when there is no such page.
    public func headings(of title: PageTitle) -> [Heading] {
        outline(of: title)?.headings ?? []
    }

    /// The pages that link to `title` (a page, an alias or a missing title) by that title, each
    /// once, in byte order of their titles; never `title` itself. The reverse index of links as
    /// written: links through an alias are under the alias.
    public func backlinks(to title: PageTitle) -> [PageTitle] {
        guard let node = nodes[title] else { return [] }
        return linkerPositions(ofNode: node).map { pageTitles[Int($0)] }
    }

    /// The pages that link to the page `title`, by its title or through an alias whose redirect
    /// leads to it, each once, in byte order of their titles; never `title` itself: what its
    /// "What links here" lists.
    public func backlinks(ofPage title: PageTitle) -> [PageTitle] {
        guard let position = position(of: title) else { return [] }
        return backlinkPositions(ofPageAt: position).map { pageTitles[Int($0)] }
    }

    /// The pages that embed `title` (a page or a missing title), directly or through the pages
    /// they embed, each once, in byte order of their titles; never `title` itself. A page
    /// shows the bodies of the pages it embeds, so these are the pages to render again when the
    /// page `title` changes, appears or goes (a few past the depth limit of embeds show it only
    /// as a link). Embeds also count as links: they are in `backlinks(to:)`.
    public func embedders(of title: PageTitle) -> [PageTitle] {
        var found = Set<Int32>()
        var pending = [title]
        while let next = pending.popLast() {
            for position in embedders[next] ?? [] where found.insert(position).inserted {
                pending.append(pageTitles[Int(position)])
            }
        }
        if let own = position(of: title) { found.remove(Int32(own)) }
        return found.sorted().map { pageTitles[Int($0)] }
    }

    /// The titles that are linked to but have no page, each with the pages linking to it, in
    /// byte order of the titles.
    public var wantedPages: [WantedPage] {
        missingTitles.indices.map { rank in
            WantedPage(
                title: missingTitles[rank],
                linkedFrom: linkerPositions(ofNode: pageTitles.count + rank).map { pageTitles[Int($0)] })
        }
    }

    /// The pages no other page links to, by title or through an alias, in byte order of their
    /// titles.
    public var orphanedPages: [PageTitle] {
        pageTitles.indices.filter { backlinkCount(ofPageAt: $0) == 0 }.map { pageTitles[$0] }
    }

    // MARK: By position, for the pipeline

    /// The position of the page `title` in `pageTitles`.
    package func position(of title: PageTitle) -> Int? {
        guard let node = nodes[title], node < pageTitles.count else { return nil }
        return node
    }

    /// The outline of the page at `position` in `pageTitles`.
    package func outline(at position: Int) -> PageOutline {
        outlines[position]
    }

    /// The positions (in `pageTitles`) of the pages linking to the page at `position`, by its
    /// title or through an alias that leads to it, ascending; never `position` itself.
    func backlinkPositions(ofPageAt position: Int) -> [Int32] {
        guard let aliases = aliasNodes[position] else { return Array(linkerPositions(ofNode: position)) }
        var linkers = Set(linkerPositions(ofNode: position))
        for node in aliases { linkers.formUnion(linkerPositions(ofNode: node)) }
        linkers.remove(Int32(position))
        return linkers.sorted()
    }

    /// The node of each link of the page at `position`, in the order of its outline's links:
    /// the position in `pageTitles` of the page whose title the link names, -1 for a link to
    /// the linking page itself (or to one of its headings), `pageTitles.count` or more for a
    /// title no page has (a missing title or an alias). What a check of the links reads instead
    /// of looking each target up.
    package func linkNodes(ofPageAt position: Int) -> ArraySlice<Int32> {
        linkNodes[linkStart[position]..<linkStart[position + 1]]
    }

    /// The positions (in `pageTitles`) of the pages linking to the missing title at `rank` of
    /// `missingTitles`, ascending.
    func linkerPositions(ofMissingTitleAt rank: Int) -> ArraySlice<Int32> {
        linkerPositions(ofNode: pageTitles.count + rank)
    }

    /// How many pages link to the page at `position`, by its title or through an alias.
    func backlinkCount(ofPageAt position: Int) -> Int {
        guard aliasNodes[position] != nil else { return linkerStart[position + 1] - linkerStart[position] }
        return backlinkPositions(ofPageAt: position).count
    }

    private func linkerPositions(ofNode node: Int) -> ArraySlice<Int32> {
        linkers[linkerStart[node]..<linkerStart[node + 1]]
    }
}

/// A title that pages link to but no page has: a page someone could write.
public struct WantedPage: Sendable {
    /// The title linked to.
    public let title: PageTitle
    /// The pages that link to it, each once, in byte order of their titles.
    public let linkedFrom: [PageTitle]
}
