import FuzzTargets

// Fuzzes tags (FuzzTargets/TagsTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.tags, data, size)
    }
#endif

@main
enum FuzzTags {
    static func main() {
        FuzzEntry.main(.tags)
    }
}
