import FuzzTargets

// Fuzzes JSONParser and JSONWriter on arbitrary bytes (FuzzTargets/JSONParserTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.jsonParser, data, size)
    }
#endif

@main
enum FuzzJSONParser {
    static func main() {
        FuzzEntry.main(.jsonParser)
    }
}
