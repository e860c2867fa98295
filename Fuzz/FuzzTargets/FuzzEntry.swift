#if WIKISITE_FUZZING
    import CLibFuzzer
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `main` of each fuzz target's executable.
///
/// Built by `make fuzz` (with `-sanitize=fuzzer` and `-DWIKISITE_FUZZING`), it hands over to
/// libFuzzer, which calls the executable's `LLVMFuzzerTestOneInput` with each input it makes;
/// built normally, it is the regression runner (`RegressionReplay`).
public enum FuzzEntry {
    /// Runs libFuzzer with the command line (fuzz build), or replays the files and folders the
    /// command line names, by default the target's seeds and regressions (normal build).
    public static func main(_ target: FuzzTarget) -> Never {
        #if WIKISITE_FUZZING
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
        #else
            exit(RegressionReplay.main(target, arguments: Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    #if WIKISITE_FUZZING
        /// Runs one input libFuzzer made. A broken invariant stops the process like a crash, so
        /// that libFuzzer keeps the input.
        public static func fuzz(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
            do {
                try target.run(UnsafeRawBufferPointer(start: data, count: size))
            } catch {
                fatalError("\(target.rawValue): invariant broken: \(error)")
            }
            return 0
        }
    #endif
}
