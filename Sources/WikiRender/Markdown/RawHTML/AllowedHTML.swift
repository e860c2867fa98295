/// The raw HTML a page keeps when its wiki does not allow raw HTML: harmless elements a writer
/// uses for layout, each with the attributes it may carry. Everything else is dropped.
///
/// | element | attributes |
/// | --- | --- |
/// | `br`, `kbd`, `sub`, `sup`, `mark`, `small`, `summary`, `ins`, `del` | none |
/// | `abbr` | `title` |
/// | `details` | `open` |
/// | `span`, `div` | `class` |
/// | `img` | `src` (`ImageSource`), `alt` (empty when missing), `width`, `height` |
///
/// A kept tag is written anew from what the tokenizer read, never copied: its name lowercased,
/// its attributes in the order written, each value escaped and double-quoted.
enum AllowedHTML {
    /// Each element kept, with the attributes it keeps.
    static let elements: [String: Set<String>] = [
        "br": [], "kbd": [], "sub": [], "sup": [], "mark": [], "small": [], "summary": [], "ins": [], "del": [],
        "abbr": ["title"], "details": ["open"], "span": ["class"], "div": ["class"],
        "img": ["src", "alt", "width", "height"],
    ]
    /// The kept elements that have no content and no end tag.
    static let voidElements: Set<String> = ["br", "img"]
    /// The kept attributes that are on or off: written with an empty value.
    static let booleanAttributes: Set<String> = ["open"]
    /// The attributes an element always has, written empty when the writer gave none: an
    /// image without `alt` is then decorative to a screen reader, and the page passes axe.
    static let requiredAttributes: [String: String] = ["img": "alt"]

    /// `tag` as it is kept, nil when its element is not.
    static func startTag(_ tag: HTMLStartTag) -> String? {
        guard let allowed = elements[tag.name] else { return nil }
        var html = "<" + tag.name
        for attribute in tag.attributes where allowed.contains(attribute.name) {
            guard let value = keptValue(of: attribute) else { continue }
            html += " \(attribute.name)=\"\(HTMLAttribute.escape(value))\""
        }
        if let required = requiredAttributes[tag.name], tag.value(of: required) == nil {
            html += " \(required)=\"\""
        }
        return html + (voidElements.contains(tag.name) ? " />" : ">")
    }

    /// The end tag of the kept element `name`.
    static func endTag(_ name: String) -> String {
        "</\(name)>"
    }

    /// The value `attribute` is written with, nil when it is dropped (an image source that is
    /// not HTTP(S) or relative).
    private static func keptValue(of attribute: HTMLStartTag.Attribute) -> String? {
        switch attribute.name {
        case "src": ImageSource.allowed(attribute.value)
        case let name where booleanAttributes.contains(name): ""
        default: attribute.value
        }
    }
}
