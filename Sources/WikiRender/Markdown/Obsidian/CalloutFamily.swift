/// The kinds of callout Obsidian documents, each with the type names that show it. A callout
/// names its family in `data-callout`, for which the theme picks a colour and an icon.
enum CalloutFamily: String, CaseIterable, Sendable {
    case note, abstract, info, todo, tip, success, question, warning, failure, danger, bug, example, quote

    /// The family a callout's type names, in any case; `note` for a type Obsidian does not know.
    init(type: String) {
        self = Self.byTypeName[type.lowercased()] ?? .note
    }

    /// The type names that show this family: its own name, then its aliases.
    var typeNames: [String] {
        switch self {
        case .abstract: ["abstract", "summary", "tldr"]
        case .tip: ["tip", "hint", "important"]
        case .success: ["success", "check", "done"]
        case .question: ["question", "help", "faq"]
        case .warning: ["warning", "caution", "attention"]
        case .failure: ["failure", "fail", "missing"]
        case .danger: ["danger", "error"]
        case .quote: ["quote", "cite"]
        default: [rawValue]
        }
    }

    /// Every type name, lowercased, with the family it shows.
    private static let byTypeName: [String: CalloutFamily] = Dictionary(
        uniqueKeysWithValues: allCases.flatMap { family in family.typeNames.map { ($0, family) } })
}
