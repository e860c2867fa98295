import FuzzTargets

// Fuzzes the search index's text: SearchPlainText and SearchTerms on arbitrary Markdown
// (FuzzTargets/SearchTextTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.searchText, data, size)
    }
#endif

@main
enum FuzzSearchText {
    static func main() {
        FuzzEntry.main(.searchText)
    }
}
