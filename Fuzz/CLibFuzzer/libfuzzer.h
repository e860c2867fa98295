// The two functions of libFuzzer's interface a fuzz target uses. They are defined only in the
// instrumented build (`make fuzz`): libFuzzer's runtime defines the driver, and each fuzz
// target's executable defines `LLVMFuzzerTestOneInput`.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line's options, calling `callback` once per input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// One input: what libFuzzer's own `main` would call.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
