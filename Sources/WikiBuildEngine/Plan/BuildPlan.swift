import WikiDocuments
import WikiModel
import WikiRender

/// What one wiki's part of a build renders and removes, each with its cause.
package struct WikiPlan: Sendable {
    /// A plan that renders and removes nothing yet: the planner fills it in.
    init() {}

    /// Why every page of the wiki is rendered; nil when only `pages` are.
    var everyPage: ChangeCause?
    /// The pages rendered, by title, with every cause found (in the order found).
    var pages: [PageTitle: [ChangeCause]] = [:]
    /// Why the special pages are rendered; nil when they are left as they are.
    package var specialPages: ChangeCause?
    /// Whether only the files of the special pages whose digest changed are rendered (a change
    /// of documents); otherwise, all of them (a new wiki, a theme change).
    package var keepsUnchangedSpecialFiles = false
    /// Why the home is rendered; nil when it is left as it is.
    package var home: ChangeCause?
    /// Why the search index is made again (only its files whose bytes change are written); nil
    /// when it is left as it is.
    package var search: ChangeCause?
    /// The pages whose files are removed, with the cause.
    package var removedPages: [PageTitle: ChangeCause] = [:]
    /// The aliases whose redirects are written (`AliasRedirect`), with the cause; all of them
    /// when `everyPage` is set.
    var redirects: [PageTitle: ChangeCause] = [:]
    /// The aliases whose redirects are removed, with the cause.
    package var removedRedirects: [PageTitle: ChangeCause] = [:]

    /// A plan rendering every file of the wiki, because of `cause`.
    static func everything(_ cause: ChangeCause) -> WikiPlan {
        var plan = WikiPlan()
        (plan.everyPage, plan.specialPages, plan.home, plan.search) = (cause, cause, cause, cause)
        return plan
    }

    /// Whether the plan renders or removes nothing.
    package var isEmpty: Bool {
        everyPage == nil && pages.isEmpty && specialPages == nil && home == nil && search == nil
            && removedPages.isEmpty && redirects.isEmpty && removedRedirects.isEmpty
    }

    /// Adds what the change rules decided for the pages of the wiki.
    mutating func add(_ pagePlan: PageChangePlan) {
        pages.merge(pagePlan.rendered) { $0 + $1 }
        for title in pagePlan.removed { removedPages[title] = .removed }
    }

    /// Renders the files of the special pages whose digest changed, because of `cause`, unless
    /// all of them are rendered already.
    mutating func renderSpecialPagesThatChanged(because cause: ChangeCause) {
        guard specialPages == nil else { return }
        specialPages = cause
        keepsUnchangedSpecialFiles = true
    }

    /// Why the page `title` is rendered, as `--explain` says it; nil when it is not.
    package func cause(ofPage title: PageTitle) -> String? {
        everyPage.map(\.description) ?? pages[title].map { $0.map(\.description).joined(separator: "; ") }
    }
}

/// What a build renders and removes: the whole site, or the files a change touches, each with
/// its cause.
package struct BuildPlan: Sendable {
    /// Why everything is rendered; nil for an incremental build.
    package let fullBuild: FullBuildReason?
    /// Why the stylesheet is written; nil when it is left as it is.
    package var stylesheet: ChangeCause?
    /// Why the site index is written; nil when it is left as it is.
    package var siteIndex: ChangeCause?
    /// Why each search script is written, by file name; a script missing is left as it is.
    package var searchScripts: [String: ChangeCause] = [:]
    /// Why the sidebar script is written; nil when it is left as it is.
    package var sidebarScript: ChangeCause?
    /// The plan of each published wiki, by ID.
    package var wikis: [ExactString: WikiPlan] = [:]
    /// Wikis whose whole folder is removed, with the cause.
    package var removedWikis: [(id: String, cause: ChangeCause)] = []

    /// A plan that renders and removes nothing yet, a full build's when `fullBuild` says why:
    /// the planner fills it in.
    init(fullBuild: FullBuildReason?) {
        self.fullBuild = fullBuild
    }

    /// A plan rendering everything, because of `reason`.
    static func full(_ reason: FullBuildReason, wikis: [Wiki]) -> BuildPlan {
        let cause = ChangeCause.fullBuild(reason)
        var plan = BuildPlan(fullBuild: reason)
        (plan.stylesheet, plan.siteIndex, plan.sidebarScript) = (cause, cause, cause)
        plan.searchScripts = Dictionary(uniqueKeysWithValues: ThemeTemplate.searchScriptFileNames.map { ($0, cause) })
        for wiki in wikis { plan.wikis[ExactString(wiki.id)] = .everything(cause) }
        return plan
    }

    /// The plan of wiki `id` (empty when nothing of it is rendered).
    package func plan(ofWiki id: String) -> WikiPlan {
        wikis[ExactString(id)] ?? WikiPlan()
    }

    /// Adds the files a change of the theme files `names` touches (the layout's is not among
    /// them: it touches every file, which makes a full build): the stylesheet, the search and sidebar scripts,
    /// the site index, every page, every home, or every wiki's special pages.
    mutating func applyThemeChanges(_ names: [String], wikis: [Wiki]) {
        for name in names {
            let cause = ChangeCause.themeFileChanged(name)
            switch name {
            case ThemeTemplate.stylesheetFileName: stylesheet = cause
            case _ where ThemeTemplate.searchScriptFileNames.contains(name): searchScripts[name] = cause
            case ThemeTemplate.sidebarScriptFileName: sidebarScript = cause
            case ThemeTemplate.siteIndex.fileName: siteIndex = cause
            case ThemeTemplate.page.fileName:
                for wiki in wikis { update(wiki.id) { $0.everyPage = $0.everyPage ?? cause } }
            case ThemeTemplate.wikiHome.fileName: for wiki in wikis { update(wiki.id) { $0.home = $0.home ?? cause } }
            default: for wiki in wikis { update(wiki.id) { $0.specialPages = $0.specialPages ?? cause } }
            }
        }
    }

    /// Changes the plan of wiki `id`.
    mutating func update(_ id: String, _ change: (inout WikiPlan) -> Void) {
        change(&wikis[ExactString(id), default: WikiPlan()])
    }
}
