import FuzzTargets

// Fuzzes a page's front matter (FuzzTargets/FrontMatterTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.frontMatter, data, size)
    }
#endif

@main
enum FuzzFrontMatter {
    static func main() {
        FuzzEntry.main(.frontMatter)
    }
}
