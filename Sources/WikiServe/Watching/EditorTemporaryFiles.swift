/// Names editors give their temporary, swap and backup files: changes to them are not changes of
/// the wiki (Vim's `.swp` and `4913`, Emacs's `.#name` and `name~`, `.tmp` files).
enum EditorTemporaryFiles {
    /// Whether `name`, a file's name without its folder, is an editor's temporary file.
    static func contains(_ name: String) -> Bool {
        name == "4913" || name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp")
            || name.hasSuffix(".swx") || name.hasSuffix(".tmp") || name.hasPrefix("#") && name.hasSuffix("#")
    }
}
