/// Why the fast path (`FastPath`) leaves the changes to the wiki-wide path, as the build's
/// summary says it: thrown where the decision is made, before anything is written, and caught
/// where the fast path began.
package struct FastPathDeclined: Error, CustomStringConvertible {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    package var description: String { reason }
}
