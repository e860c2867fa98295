import FuzzTargets

// Fuzzes MarkdownRenderer with every option (FuzzTargets/MarkdownTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.markdown, data, size)
    }
#endif

@main
enum FuzzMarkdown {
    static func main() {
        FuzzEntry.main(.markdown)
    }
}
