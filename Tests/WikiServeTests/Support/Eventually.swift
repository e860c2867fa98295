import Foundation

/// Waits until `condition` holds, checking every 20 ms; false if `limit` passed first. A generous
/// limit that only ends a test that would otherwise hang, never a measured duration.
func eventually(within limit: Duration = .seconds(120), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
}
