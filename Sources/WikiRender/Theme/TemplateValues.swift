import Mustache

/// The variables a template receives, by name: what a view hands to its template.
///
/// A template writes `{{name}}` for text, which is HTML-escaped, and `{{{name}}}` for a value
/// that is already HTML; by convention the names of HTML values end in `HTML`. A value that
/// is not set (a `nil` text) makes `{{#name}}` sections skip and `{{^name}}` sections show.
public struct TemplateValues {
    /// The values by name, as `CompiledTemplate` looks them up.
    private(set) var values = TemplateGroup()

    /// The values as swift-mustache looks them up.
    var context: TemplateScope { TemplateScope(values) }

    /// No values.
    public init() {}

    /// No values yet, with room for `capacity` of them: a view that sets many values sets them
    /// without the group growing on the way.
    public init(capacity: Int) {
        values = TemplateGroup(capacity: capacity)
    }

    /// Sets `name` to a text (or HTML) value; `nil` leaves `name` unset.
    public mutating func set(_ name: String, _ value: String?) {
        values[name] = value.map { .text(TemplateText(text: $0)) }
    }

    /// Sets `name` to a number.
    public mutating func set(_ name: String, _ value: Int) {
        values[name] = .number(value)
    }

    /// Sets `name` to a flag: `{{#name}}` shows its content when true, `{{^name}}` when false.
    public mutating func set(_ name: String, _ value: Bool) {
        values[name] = .flag(value)
    }

    /// Sets `name` to a list of texts: `{{#name}}…{{.}}…{{/name}}` repeats for each.
    public mutating func set(_ name: String, _ values: [String]) {
        self.values[name] = .texts(values.map(TemplateText.init))
    }

    /// Sets `name` to a group of values: `{{#name}}…{{/name}}` shows its content with the
    /// group's names in scope; `nil` leaves `name` unset.
    public mutating func set(_ name: String, _ values: TemplateValues?) {
        self.values[name] = values.map { .group($0.values) }
    }

    /// Sets `name` to a list of groups: `{{#name}}…{{/name}}` repeats for each.
    public mutating func set(_ name: String, _ values: [TemplateValues]) {
        self.values[name] = .groups(values.map(\.values))
    }

    /// Sets `name` to the group of `strings`' words: `{{name.<key>}}` reads one.
    mutating func set(_ name: String, _ strings: ThemeStrings) {
        values[name] = strings.templateValue
    }

    /// Sets every value of `other`, replacing those of the same names.
    public mutating func merge(_ other: TemplateValues) {
        values.merge(other.values)
    }
}

/// One value a template can look up, of each kind a view hands over: `CompiledTemplate` switches
/// on the kind, and swift-mustache receives `any`, the value it would have been given directly.
/// A group is its values by name, wrapped in a `TemplateScope` only for swift-mustache: the
/// compiled templates, which render every page, make no object a group.
enum TemplateValue: Sendable {
    case text(TemplateText)
    case number(Int)
    case flag(Bool)
    case texts([TemplateText])
    case group(TemplateGroup)
    case groups([TemplateGroup])

    /// The value as swift-mustache looks it up and renders it.
    var any: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .texts(let texts): texts
        case .group(let group): TemplateScope(group)
        case .groups(let groups): groups.map(TemplateScope.init)
        }
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

    /// `href`, or `./` and `href` when its first segment reads as a scheme not allowed: its
    /// bytes are read in place up to the first `/`, `?`, `#` or `:`, most hrefs having none.
    private static func relativeUnlessWebURL(_ href: String) -> String {
        var href = href
        let schemeLength: Int? = href.withUTF8 { bytes in
            for index in bytes.indices {
                switch bytes[index] {
                case .colon: return index
                case .slash, .questionMark, .numberSign: return nil
                default: continue
                }
            }
            return nil
        }
        guard let schemeLength, !isAllowedScheme(href.utf8.prefix(schemeLength)) else { return href }
        return "./" + href
    }

    /// Whether `scheme` is one of `allowedSchemes`, in any case.
    private static func isAllowedScheme(_ scheme: Substring.UTF8View) -> Bool {
        allowedSchemes.contains { allowed in
            scheme.count == allowed.utf8.count
                && zip(scheme, allowed.utf8).allSatisfy { byte, allowedByte in
                    byte | 0x20 == allowedByte
                }
        }
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
    private let values: TemplateGroup

    init(_ values: TemplateGroup) {
        self.values = values
    }

    func child(named name: String) -> Any? { values[name]?.any }
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
