import FuzzTargets

// Fuzzes SitePaths on a wiki ID and two titles (FuzzTargets/SitePathsTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.sitePaths, data, size)
    }
#endif

@main
enum FuzzSitePaths {
    static func main() {
        FuzzEntry.main(.sitePaths)
    }
}
