import WikiDocuments
import WikiModel

extension WikiPlan {
    /// Writes the redirects that are new or lead elsewhere since the state's build (`before`, by
    /// alias) and removes those no alias has now: a page that takes an alias's title is written
    /// over its redirect's file, so it is not removed.
    mutating func planRedirects(before: [PageTitle: PageTitle], now: WikiAliases) {
        for redirect in now.redirects where before[redirect.alias] != redirect.page {
            redirects[redirect.alias] = .aliasOf(redirect.page)
        }
        for alias in before.keys where !now.redirects(alias) {
            removedRedirects[alias] = .aliasGone
        }
    }

    /// Why the redirect of `alias` is written, as `--explain` says it; nil when it is not.
    package func cause(ofRedirect alias: PageTitle) -> String? {
        everyPage.map(\.description) ?? redirects[alias]?.description
    }
}
