import WikiModel
import WikiPages

/// What one build reads and where it writes, which most of the fast path's steps need
/// together: the documents (`database`), which titles are published (`published`), the state
/// of the last build, and where the files go (`layout`).
package struct BuildContext {
    let database: WikiDatabase
    let published: any PublishedPageLookup
    let state: BuildState
    let layout: SiteLayout
}
