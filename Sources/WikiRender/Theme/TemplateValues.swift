import Mustache

/// The variables a template receives, by name: what a view hands to its template.
///
/// A template writes `{{name}}` for text, which is HTML-escaped, and `{{{name}}}` for a value
/// that is already HTML; by convention the names of HTML values end in `HTML`. A value that
/// is not set (a `nil` text) makes `{{#name}}` sections skip and `{{^name}}` sections show.
public struct TemplateValues {
    /// The values by name; nested groups are `TemplateScope`s, lists are arrays of them.
    private var values: [String: Any] = [:]

    /// The values as swift-mustache looks them up.
    var context: TemplateScope { TemplateScope(values) }

    /// No values.
    public init() {}

    /// Sets `name` to a text (or HTML) value; `nil` leaves `name` unset.
    public mutating func set(_ name: String, _ value: String?) {
        values[name] = value.map(TemplateText.init)
    }

    /// Sets `name` to a number.
    public mutating func set(_ name: String, _ value: Int) {
        values[name] = value
    }

    /// Sets `name` to a flag: `{{#name}}` shows its content when true, `{{^name}}` when false.
    public mutating func set(_ name: String, _ value: Bool) {
        values[name] = value
    }

    /// Sets `name` to a list of texts: `{{#name}}…{{.}}…{{/name}}` repeats for each.
    public mutating func set(_ name: String, _ values: [String]) {
        self.values[name] = values.map(TemplateText.init)
    }

    /// Sets `name` to a group of values: `{{#name}}…{{/name}}` shows its content with the
    /// group's names in scope; `nil` leaves `name` unset.
    public mutating func set(_ name: String, _ values: TemplateValues?) {
        self.values[name] = values?.context
    }

    /// Sets `name` to a list of groups: `{{#name}}…{{/name}}` repeats for each.
    public mutating func set(_ name: String, _ values: [TemplateValues]) {
        self.values[name] = values.map(\.context)
    }

    /// Sets every value of `other`, replacing those of the same names.
    public mutating func merge(_ other: TemplateValues) {
        values.merge(other.values) { _, new in new }
    }
}

extension TemplateValues {
    /// Sets `name` to a link target for an `href` (or `src`) attribute; `nil` leaves `name`
    /// unset. A target whose first segment would read as a URL scheme other than `http`,
    /// `https` or `mailto` (say a page file `javascript:alert(1).html`) gets `./` in front, so
    /// it stays the relative path it was meant to be and never runs script.
    public mutating func setHref(_ name: String, _ href: String?) {
        set(name, href.map(Self.relativeUnlessWebURL))
    }

    private static let allowedSchemes: [String] = ["http", "https", "mailto"]

    private static func relativeUnlessWebURL(_ href: String) -> String {
        let utf8 = href.utf8
        guard
            let end = utf8.firstIndex(where: {
                [.slash, .questionMark, .numberSign, .colon].contains($0)
            }),
            utf8[end] == .colon
        else { return href }
        let scheme = utf8[..<end]
        let isAllowed = allowedSchemes.contains { allowed in
            scheme.count == allowed.utf8.count
                && zip(scheme, allowed.utf8).allSatisfy { byte, allowedByte in
                    byte | 0x20 == allowedByte
                }
        }
        return isAllowed ? href : "./" + href
    }
}

extension UInt8 {
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let questionMark = UInt8(ascii: "?")
    fileprivate static let numberSign = UInt8(ascii: "#")
    fileprivate static let colon = UInt8(ascii: ":")
}

/// A group of values as swift-mustache looks names up in it. A class of our own rather than the
/// dictionary: swift-mustache casts every object of its context stack to its protocols on every
/// lookup, and a dictionary's conformance is a conditional one, the slowest kind to find.
final class TemplateScope: MustacheParent {
    private let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    func child(named name: String) -> Any? { values[name] }
}

/// A text value as swift-mustache renders it: handed over as it is, without the runtime
/// casts (and the `String(describing:)`) a plain `String` goes through on every `{{name}}`.
/// It has no children of its own, so a name inside `{{#name}}…{{/name}}` is looked up in the
/// enclosing values, as for a `String`, and it keeps the `String` transforms
/// (`{{uppercased(name)}}`).
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let text: String

    var renderText: String { text }
    var isNull: Bool { false }

    func child(named name: String) -> Any? { nil }

    func transform(_ name: String) -> Any? { text.transform(name) }
}
