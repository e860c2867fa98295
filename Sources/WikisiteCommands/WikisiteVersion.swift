/// The version `wikisite --version` prints.
enum WikisiteVersion {
    static let current = "0.1.0"
}
