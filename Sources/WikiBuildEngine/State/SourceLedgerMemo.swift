import Synchronization
import WikiSources

/// The ledgers of the sources without sequences that this process last committed to a state
/// (`BuildState.commit(_:)`), each with the token the state keeps beside it. `wikisite serve`
/// builds edit after edit in one process, and at 10,000 notes decoding a folder's ledger from
/// the state, comparing it and encoding it again whole was a third of a note edit's build. A
/// ledger is taken from the memo only while the state holds the same token, which every commit
/// draws anew: another process's build, a state replaced, or a commit that did not finish, and
/// the ledger is decoded from the state, giving the same one.
package final class SourceLedgerMemo: Sendable {
    /// The one memo of the process.
    static let shared = SourceLedgerMemo()

    /// A ledger and the token the state keeps with it.
    struct Tokened: Sendable {
        let token: Int64
        let ledger: SourceLedger
    }

    /// The ledgers of the last commit, by source name, with the state's file.
    private struct Kept {
        let statePath: String
        let ledgers: [String: Tokened]
    }

    private let kept = Mutex<Kept?>(nil)

    /// The ledger of the source `source` that the last commit of this process wrote to the state
    /// at `statePath` with `token`; nil when it wrote no such one.
    func ledger(ofSource source: String, inState statePath: String, token: Int64) -> SourceLedger? {
        kept.withLock { kept in
            guard let kept, kept.statePath == statePath, let tokened = kept.ledgers[source], tokened.token == token
            else { return nil }
            return tokened.ledger
        }
    }

    /// Keeps `ledgers` (by source name), which a commit to the state at `statePath` wrote, in
    /// place of those kept.
    func keep(_ ledgers: [String: Tokened], inState statePath: String) {
        kept.withLock { $0 = Kept(statePath: statePath, ledgers: ledgers) }
    }
}
