/// What every file or folder name `SitePaths` makes must be, on every file system wikisite's
/// output may be copied to (Linux, macOS, Windows).
enum FileNameRules {
    /// Names Windows keeps for devices, and a wiki's home, before any extension, in any case.
    static let reservedStems: Set<String> = {
        var stems: Set<String> = ["index", "con", "prn", "aux", "nul"]
        for digit in 0...9 {
            stems.insert("com\(digit)")
            stems.insert("lpt\(digit)")
        }
        return stems
    }()

    /// Throws unless `name` is one path component of at most `maximumBytes` bytes that stays
    /// inside its folder, is not hidden, is not one of the site's own `_` names, and that
    /// Windows accepts as an ordinary file name.
    static func checkComponent(
        _ name: String, maximumBytes: Int, _ what: @autoclosure () -> String
    ) throws(InvariantViolation) {
        let bytes = Array(name.utf8)
        try require(!bytes.isEmpty, "\(what()) has an empty name")
        try require(
            bytes.count <= maximumBytes, "\(what()) has a name of \(bytes.count) bytes: \(shown(name))")
        for byte in bytes {
            try require(
                byte >= 0x20 && byte != 0x7F && !Array(#"/\<>:"|?*"#.utf8).contains(byte),
                "\(what()) has a name with the byte 0x\(String(byte, radix: 16)): \(shown(name))")
        }
        try require(
            bytes[0] != UInt8(ascii: ".") && bytes[0] != UInt8(ascii: "_"),
            "\(what()) has a name that starts with '\(Character(Unicode.Scalar(bytes[0])))': \(shown(name))")
        try require(
            bytes.last != UInt8(ascii: ".") && bytes.last != UInt8(ascii: " "),
            "\(what()) has a name that Windows would cut at its end: \(shown(name))")
        let stem = bytes.prefix { $0 != UInt8(ascii: ".") }
        try require(
            !reservedStems.contains(String(decoding: stem, as: UTF8.self).lowercased()),
            "\(what()) has a name Windows or the site reserves: \(shown(name))")
    }

    /// Whether some file system would take `lhs` and `rhs` for the same name: one that ignores
    /// case, one that normalizes Unicode, or one that does both. (`String ==` is canonical
    /// equivalence, which is what a normalizing file system compares.)
    static func clash(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs || lhs.lowercased() == rhs.lowercased() || lhs.uppercased() == rhs.uppercased()
    }

    /// The hash after the `~` of a hashed name (without its extension); `nil` for a name
    /// without one.
    static func hash(of name: String) -> Substring? {
        guard let tilde = name.lastIndex(of: "~") else { return nil }
        return name[name.index(after: tilde)...].prefix { $0 != "." }
    }
}
