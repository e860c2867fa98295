import WikiModel

/// A link to a page that does not exist, with the pages that make it.
public struct MissingLink: Sendable {
    /// The wiki the link is in (links never leave their wiki).
    public let wikiID: String
    /// The title linked to.
    public let target: PageTitle
    /// The titles of the pages that link to it, in byte order.
    public let linkedFrom: [PageTitle]
}
