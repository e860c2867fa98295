/// A wiki's statistics, rendered by `statistics.mustache`: its size, its links, who wrote it,
/// and its conflicted documents.
public struct StatisticsView: ThemeView {
    public static let template = ThemeTemplate.statistics

    public var layout: LayoutView
    /// The special page's name, its wiki, and the navigation between special pages.
    public var header: SpecialPageHeader
    /// The figures, in the order shown.
    public var facts: [StatisticsFact]
    /// Who saved the pages last, and how many pages that covers.
    public var authorship: Authorship
    /// The wiki's documents that have conflicting revisions.
    public var conflicts: [ConflictEntry]

    /// A statistics view with the given parts.
    public init(
        layout: LayoutView, header: SpecialPageHeader, facts: [StatisticsFact], authorship: Authorship,
        conflicts: [ConflictEntry]
    ) {
        self.layout = layout
        self.header = header
        self.facts = facts
        self.authorship = authorship
        self.conflicts = conflicts
    }

    /// The header's fields (`title`, `wikiTitle`, `wikiHomeHref`, `specialPages`), `facts`,
    /// `contributors` (each with `sharePercent`, its share of the pages rounded to a whole
    /// percent) and `conflicts` by their names, plus `hasContributors`,
    /// `hasPagesWithoutContributor`, `pagesWithoutContributorText`, `totalPageCount`,
    /// `hasConflicts` and `conflictCountText`.
    public var templateValues: TemplateValues {
        let contributors = authorship.contributors
        let pageCount = authorship.pageCount
        let pagesWithoutContributor = authorship.pagesWithoutContributor
        var values = header.templateValues
        values.set("facts", facts.map(\.templateValues))
        values.set(
            "contributors",
            contributors.map { contributor in
                var entry = contributor.templateValues(layout.strings)
                entry.set(
                    "sharePercent", pageCount == 0 ? 0 : (contributor.pageCount * 100 + pageCount / 2) / pageCount)
                return entry
            })
        values.set("hasContributors", !contributors.isEmpty)
        values.set("hasPagesWithoutContributor", pagesWithoutContributor > 0)
        values.set("pagesWithoutContributorText", layout.strings.pageCount(pagesWithoutContributor))
        values.set("totalPageCount", pageCount)
        values.set("conflicts", conflicts.map(\.templateValues))
        values.set("hasConflicts", !conflicts.isEmpty)
        values.set("conflictCountText", layout.strings.count(conflicts.count, "document_count"))
        return values
    }
}

/// Who saved a wiki's pages last: the statistics' table of contributors, each with their share
/// of the pages.
public struct Authorship: Sendable, Equatable {
    /// Who saved the pages last, most pages first.
    public var contributors: [ContributorEntry]
    /// How many pages have no known author.
    public var pagesWithoutContributor: Int
    /// How many pages the wiki publishes (what the contributors' counts add up to, with
    /// `pagesWithoutContributor`).
    public var pageCount: Int

    /// The authorship of a wiki of `pageCount` pages, `pagesWithoutContributor` of them by no
    /// known author.
    public init(contributors: [ContributorEntry], pagesWithoutContributor: Int, pageCount: Int) {
        self.contributors = contributors
        self.pagesWithoutContributor = pagesWithoutContributor
        self.pageCount = pageCount
    }
}

/// One figure of the statistics: what it counts and how many.
public struct StatisticsFact: Sendable, Equatable {
    /// What is counted, e.g. `Pages`.
    public var label: String
    /// How many, as shown: `1,012`.
    public var value: String
    /// A page that lists what is counted (the wanted pages for links to missing pages), or nil.
    public var href: String?

    /// A figure `label` of `value`, linking to `href` when given.
    public init(label: String, value: String, href: String? = nil) {
        self.label = label
        self.value = value
        self.href = href
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("label", label)
        values.set("value", value)
        values.setHref("href", href)
        return values
    }
}

/// A user who saved pages of the wiki, with how many.
public struct ContributorEntry: Sendable, Equatable {
    /// The user's name.
    public var name: String
    /// How many pages they saved last.
    public var pageCount: Int

    /// An entry for `name`, who saved `pageCount` pages last.
    public init(name: String, pageCount: Int) {
        self.name = name
        self.pageCount = pageCount
    }

    /// The contributor's values, the count in `strings`.
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues()
        values.set("name", name)
        values.set("pageCount", pageCount)
        values.set("pageCountText", strings.pageCount(pageCount))
        return values
    }
}

/// A document of the wiki with conflicting revisions: the winner is published, the others wait
/// for someone to resolve the conflict.
public struct ConflictEntry: Sendable, Equatable {
    /// The page's title, or the wiki's for the wiki's own document.
    public var title: String
    /// The page (or the wiki's home).
    public var href: String
    /// The published revision.
    public var winner: String
    /// The other leaf revisions, best first.
    public var losers: [String]

    /// An entry for the document shown as `title` at `href`.
    public init(title: String, href: String, winner: String, losers: [String]) {
        self.title = title
        self.href = href
        self.winner = winner
        self.losers = losers
    }

    var templateValues: TemplateValues {
        var values = TemplateValues()
        values.set("title", title)
        values.setHref("href", href)
        values.set("winner", winner)
        values.set("losers", losers)
        return values
    }
}
