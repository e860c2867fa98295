import Dispatch
import Foundation
import Synchronization
import Testing
import WikiWrite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct BuildLockTests {
    @Test func theLockFileHoldsThePidWhileHeldAndIsEmptiedOnRelease() throws {
        let state = try TemporaryFolder()
        let lock = try BuildLock.acquire(stateFolder: state.at("new/state")) { _ in
            Issue.record("nobody else holds the lock")
        }
        #expect(!lock.previousBuildWasInterrupted)
        #expect(lock.path == state.at("new/state/build.lock"))
        #expect(try contents(lock.path) == Array("\(getpid())\n".utf8))
        lock.release()
        lock.release()
        #expect(try contents(lock.path) == [])

        let again = try BuildLock.acquire(stateFolder: state.at("new/state"))
        #expect(!again.previousBuildWasInterrupted)
    }

    @Test func aSecondBuildWaitsUntilTheFirstReleases() throws {
        let state = try TemporaryFolder()
        let first = try BuildLock.acquire(stateFolder: state.path)
        let waitingFor = Mutex<String?>(nil)
        let acquired = Atomic<Bool>(false)
        let startedWaiting = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let path = state.path
        DispatchQueue.global().async {
            let second = try? BuildLock.acquire(stateFolder: path) { holder in
                waitingFor.withLock { $0 = holder }
                startedWaiting.signal()
            }
            acquired.store(second != nil, ordering: .sequentiallyConsistent)
            second?.release()
            finished.signal()
        }
        #expect(startedWaiting.wait(timeout: .now() + 30) == .success)
        #expect(waitingFor.withLock { $0 } == "process \(getpid())")
        Thread.sleep(forTimeInterval: 0.3)
        let acquiredEarly = acquired.load(ordering: .sequentiallyConsistent)
        #expect(!acquiredEarly)
        first.release()
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let acquiredAfterRelease = acquired.load(ordering: .sequentiallyConsistent)
        #expect(acquiredAfterRelease)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func aKilledHolderReleasesTheLockAndIsReportedAsInterrupted() throws {
        let state = try TemporaryFolder()
        let lockPath = state.at(BuildLock.fileName)
        // A child process that takes the lock, writes its pid as wikisite does, then hangs.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = [
            "-c", "exec 9<>\"$0\"; /usr/bin/flock 9; echo $$ >&9; exec sleep 60", lockPath,
        ]
        try child.run()
        defer {
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
            child.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(30)
        while (try? contents(lockPath))?.isEmpty ?? true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }

        let holder = Mutex<String?>(nil)
        let lock = try BuildLock.acquire(stateFolder: state.path) { description in
            holder.withLock { $0 = description }
            kill(child.processIdentifier, SIGKILL)
        }
        #expect(holder.withLock { $0 } == "process \(child.processIdentifier)")
        #expect(lock.previousBuildWasInterrupted)
        #expect(try contents(lockPath) == Array("\(getpid())\n".utf8))
    }
}
