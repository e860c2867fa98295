/// The default theme's files, compiled into the binary.
public enum DefaultTheme {
    /// Every file of the theme by name.
    public static let files: [String: [UInt8]] = [
        "layout.mustache": PackageResources.layout_mustache
    ]
}
