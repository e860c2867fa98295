/// Why a build of changes (`PageEditBuild`) leaves the changes to the build proper, as the build's
/// summary says it: thrown where the decision is made, before anything is written, and caught
/// where the build of changes began.
struct NotServedFromState: Error, CustomStringConvertible {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    var description: String { reason }
}
