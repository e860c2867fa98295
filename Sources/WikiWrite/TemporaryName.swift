import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names of the temporary files a write goes through: `.wikisite-<pid>-<n>.tmp`, in the
/// folder of the file being written, renamed over it once complete.
///
/// The names never depend on the file's own name, so they stay short whatever its length, and
/// `RelativePath` refuses any path whose component looks like one, so cleaning stale temporary
/// files can never remove a file of the site.
enum TemporaryName {
    private static let prefix = Array(".wikisite-".utf8)
    private static let suffix = Array(".tmp".utf8)
    private static let counter = Atomic<UInt64>(0)

    /// A name no other write of this process uses.
    static func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        return ".wikisite-\(getpid())-\(number).tmp"
    }

    /// Whether `name` has the form of a temporary name (of any process).
    static func matches(_ name: some Collection<UInt8>) -> Bool {
        guard name.count > prefix.count + suffix.count, name.starts(with: prefix),
            name.reversed().starts(with: suffix.reversed())
        else { return false }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let numbers = middle.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return numbers.count == 2
            && numbers.allSatisfy {
                !$0.isEmpty && $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            }
    }
}
