import Foundation
import WikiConfiguration
import WikiDocuments
import WikiPages

/// The last build of the output folder, when its state can take a build that does not read its
/// sources whole (`UnchangedSources`, `FastPath`): finished, of this build's shape, its site
/// in place, the page count of every wiki known.
package struct LastBuild {
    /// Its state.
    package let state: BuildState
    /// Where each source's reading ended, as JSON text, by source name.
    let checkpoints: [String: String]
    /// The wikis it published, by ID.
    let wikis: [ExactString: BuildState.StoredWiki]

    /// The most changed documents the fast path takes on after it (`ChangeSetLimits`).
    var maximumChanges: Int {
        ChangeSetLimits.fastPath(amongPages: wikis.values.reduce(0) { $0 + ($1.pageCount ?? 0) })
    }

    /// The last build before one of `options` and `shape`; nil when there is none such (or
    /// `options` asks for a full build).
    package init?(options: BuildOptions, shape: BuildShape) {
        guard !options.fullBuild,
            FileManager.default.fileExists(atPath: options.outputFolder + "/" + SiteLayout.siteIndex.description),
            let state = try? BuildState(stateFolder: options.resolvedStateFolder),
            let settings = try? state.settings(), settings == shape.settings,
            let checkpoints = try? state.checkpoints(), let wikis = try? state.wikis(),
            wikis.values.allSatisfy({ $0.pageCount != nil })
        else { return nil }
        self.state = state
        self.checkpoints = checkpoints
        self.wikis = wikis
    }
}
