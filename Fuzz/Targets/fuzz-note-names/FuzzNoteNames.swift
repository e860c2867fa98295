import FuzzTargets

// Fuzzes link matching by note names (FuzzTargets/NoteNamesTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.noteNames, data, size)
    }
#endif

@main
enum FuzzNoteNames {
    static func main() {
        FuzzEntry.main(.noteNames)
    }
}
