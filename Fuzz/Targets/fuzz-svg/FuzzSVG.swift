import FuzzTargets

// Fuzzes SVGSanitizer on the bytes as an SVG (FuzzTargets/SVGTarget.swift).
// `make fuzz` builds this with libFuzzer; a normal build makes it the regression runner.

#if WIKISITE_FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzEntry.fuzz(.svg, data, size)
    }
#endif

@main
enum FuzzSVG {
    static func main() {
        FuzzEntry.main(.svg)
    }
}
