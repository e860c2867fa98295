/// Writes the allowed elements, attributes and text of the parse events it receives as a new
/// SVG (`SVGSanitizer`), and notes why it stopped when it refuses one.
final class SVGWriter {
    /// An attribute as the parser reports it: its local name, namespace and value.
    struct Attribute {
        let name: String
        let namespace: String?
        let value: String
    }

    /// What an open element of the input became in the output.
    private enum Frame {
        /// Written, under its allowlist name.
        case kept(String)
        /// Left out with its children kept (`SVGAllowlist.unwrappedElements`).
        case unwrapped
        /// Left out with everything inside it.
        case dropped
        /// A `style` element whose text is gathered before it is judged.
        case style(String)
    }

    /// The cleaned SVG written so far.
    private(set) var output: [UInt8] = []
    /// Why the SVG was refused, when it was; nothing is written after.
    private(set) var refusal: SVGRefusal?
    /// Whether the root element was seen.
    private(set) var sawRoot = false
    private let limit: Int
    private var frames: [Frame] = []

    /// A writer that refuses the SVG once its output passes `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// An element starts: the root must be `svg`; an allowed one is written with its allowed
    /// attributes, anything else left out with or without its children.
    func startElement(_ name: String, namespace: String?, attributes: [Attribute]) {
        guard refusal == nil else { return }
        let isSVG = namespace.map { $0.isEmpty || $0 == SVGAllowlist.svgNamespace } ?? true
        if !sawRoot {
            sawRoot = true
            guard isSVG, name == "svg" else {
                return refuse("its root element is <\(name)> in the namespace \(namespace ?? "none"), not an SVG <svg>")
            }
        }
        switch frames.last {
        case .dropped?, .style?: return frames.append(.dropped)
        default: break
        }
        guard isSVG, SVGAllowlist.elements.contains(name) else {
            let unwrapped = isSVG && SVGAllowlist.unwrappedElements.contains(name)
            return frames.append(unwrapped ? .unwrapped : .dropped)
        }
        if name == "style" { return frames.append(.style("")) }
        frames.append(.kept(name))
        write("<" + name)
        if frames.count == 1 {
            write(" xmlns=\"\(SVGAllowlist.svgNamespace)\" xmlns:xlink=\"\(SVGAllowlist.xlinkNamespace)\"")
        }
        for (attribute, value) in keptAttributes(attributes, of: name) {
            write(" \(attribute)=\"\(Self.escaped(value, inAttribute: true))\"")
        }
        write(">")
    }

    /// The innermost open element ends.
    func endElement() {
        guard refusal == nil else { return }
        switch frames.popLast() {
        case .kept(let name)?: write("</\(name)>")
        case .style(let css)? where SVGAllowlist.isSafeCSS(css):
            write("<style>\(Self.escaped(css, inAttribute: false))</style>")
        default: break
        }
    }

    /// Text inside an element that shows it (`SVGAllowlist.textElements`) is kept, escaped;
    /// text anywhere else draws nothing and is left out.
    func addText(_ text: String) {
        guard refusal == nil else { return }
        switch frames.last {
        case .style(let css)?:
            frames[frames.count - 1] = .style(css + text)
            if css.utf8.count + text.utf8.count > limit { refuse("its style sheet is too large") }
        case .kept(let name)? where SVGAllowlist.textElements.contains(name):
            write(Self.escaped(text, inAttribute: false))
        default: break
        }
    }

    /// The attributes of `element` the allowlist keeps, with the names they are written
    /// under (`xlink:href`, `xml:space`), in byte order of those names so the output does not
    /// depend on the order of the input.
    private func keptAttributes(_ attributes: [Attribute], of element: String) -> [(String, String)] {
        var kept: [(String, String)] = []
        for attribute in attributes {
            guard let name = allowedName(attribute) else { continue }
            let isReference = name == "href" || name == "xlink:href"
            let isSafe =
                isReference
                ? SVGAllowlist.isSafeReference(attribute.value, on: element)
                : SVGAllowlist.isSafeCSS(attribute.value)
            if isSafe, !kept.contains(where: { $0.0 == name }) { kept.append((name, attribute.value)) }
        }
        return kept.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    /// The name an attribute is written under when the allowlist keeps it: its local name
    /// without a namespace, `xlink:` or `xml:` before it in those namespaces; nil otherwise.
    private func allowedName(_ attribute: Attribute) -> String? {
        switch attribute.namespace {
        case nil, ""?: SVGAllowlist.attributes.contains(attribute.name) ? attribute.name : nil
        case SVGAllowlist.xlinkNamespace?:
            SVGAllowlist.xlinkAttributes.contains(attribute.name) ? "xlink:" + attribute.name : nil
        case SVGAllowlist.xmlNamespace?:
            SVGAllowlist.xmlAttributes.contains(attribute.name) ? "xml:" + attribute.name : nil
        default: nil
        }
    }

    private func write(_ text: String) {
        output += text.utf8
        if output.count > limit { refuse("it grows past \(limit) bytes once its entities are expanded") }
    }

    private func refuse(_ reason: String) {
        if refusal == nil { refusal = SVGRefusal(reason) }
    }

    /// `text` escaped for XML: `&`, `<` and `>` always, `"` and the white-space characters a
    /// parser would otherwise normalize in an attribute value, `\r` in text.
    static func escaped(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where inAttribute: result += "&quot;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
