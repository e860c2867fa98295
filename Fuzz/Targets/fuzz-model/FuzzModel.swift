import FuzzTargets

// Fuzzes WikiDatabaseBuilder on the documents of a dump (FuzzTargets/ModelTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.model, data, size)
    }
#endif

@main
enum FuzzModel {
    static func main() {
        FuzzEntry.main(.model)
    }
}
