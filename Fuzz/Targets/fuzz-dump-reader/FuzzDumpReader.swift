import FuzzTargets

// Fuzzes DumpReader on arbitrary bytes (FuzzTargets/DumpReaderTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.dumpReader, data, size)
    }
#endif

@main
enum FuzzDumpReader {
    static func main() {
        FuzzEntry.main(.dumpReader)
    }
}
