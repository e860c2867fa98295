/// How many changed documents each way of building takes on, in wikis of a given number of
/// published pages: the rule that keeps what a change set costs to what it touches, and under
/// what a full build costs. Measured at 10,000 and 100,000 pages (docs/Architecture.md, "Large
/// change sets"):
///
/// - the fast path renders what the changes touch on one core and reads its facts a row at a
///   time: the cheapest up to about a hundredth of the pages;
/// - the wiki-wide path reads the sources whole, the outlines in bulk, and makes the search
///   index anew: cheaper than a full build up to about a fiftieth;
/// - past that, the changes touch most files. A full build makes them in bulk and replaces the
///   state instead of editing it row by row, and costs least.
package enum ChangeSetLimits {
    /// The changes any wiki takes on the fast path, however small.
    package static let minimumChanges = 64
    /// The published pages for each change the fast path takes on past `minimumChanges`.
    static let pagesPerFastPathChange = 100
    /// The published pages for each change an incremental build takes on past twice
    /// `minimumChanges`.
    static let pagesPerIncrementalChange = 50

    /// The most changed documents the fast path takes on in wikis of `pageCount` published
    /// pages in all.
    package static func fastPath(amongPages pageCount: Int) -> Int {
        max(minimumChanges, pageCount / pagesPerFastPathChange)
    }

    /// The most changed documents an incremental build takes on in wikis of `pageCount`
    /// published pages in all; past it, the build is a full one (`FullBuildReason.manyChanges`).
    package static func incrementalBuild(amongPages pageCount: Int) -> Int {
        max(fastPath(amongPages: pageCount), 2 * minimumChanges, pageCount / pagesPerIncrementalChange)
    }
}
