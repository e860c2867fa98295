import WikiBuildEngine
import WikiModel
import WikiPages
import WikiRender

extension SiteBuilder {
    /// Retires the redirects `plan` removes and writes those it asks for, from `analysis`'s
    /// aliases, into `writer` where `layout` puts them, in the language of `strings`. A redirect's file is its alias's page
    /// file (`SitePaths`): one component in the wiki's folder, whatever the alias says.
    func writeRedirects(
        of analysis: WikiAnalysis, plan: WikiPlan, in layout: SiteLayout, strings: ThemeStrings,
        into writer: SiteWriter
    ) throws {
        let wikiID = analysis.wiki.id
        for (alias, cause) in plan.removedRedirects {
            writer.retire(layout.page(alias, inWiki: wikiID), because: cause.description)
        }
        let written = analysis.aliases.redirects.compactMap { redirect in
            plan.cause(ofRedirect: redirect.alias).map { (redirect, $0) }
        }
        try writer.announce(written.map { layout.page($0.0.alias, inWiki: wikiID) })
        for (redirect, cause) in written {
            try writer.write(
                AliasRedirect.html(of: redirect, inWiki: wikiID, in: layout, strings: strings),
                to: layout.page(redirect.alias, inWiki: wikiID), because: cause)
        }
    }
}
