import Foundation
import FoundationXML

/// The `XMLParser` delegate of `SVGSanitizer`: writes the allowed elements, attributes and
/// text of the events it receives as a new SVG, and notes why it stopped when it refuses one.
final class SVGWriter: NSObject, XMLParserDelegate {
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
    /// Why the SVG was refused, when it was.
    private(set) var refusal: SVGRefusal?
    /// Whether the root element was seen.
    private(set) var sawRoot = false
    private let limit: Int
    private var frames: [Frame] = []
    /// The namespaces each prefix is bound to, innermost last ("" is the default namespace).
    private var prefixes: [String: [String]] = [:]

    /// A writer that refuses the SVG once its output passes `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        prefixes[prefix, default: []].append(namespaceURI)
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        _ = prefixes[prefix]?.popLast()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let isSVG = namespaceURI.map { $0.isEmpty || $0 == SVGAllowlist.svgNamespace } ?? true
        if !sawRoot {
            sawRoot = true
            guard isSVG, elementName == "svg" else {
                return refuse(parser, "its root element is <\(qualifiedName ?? elementName)>, not <svg>")
            }
        }
        if case .dropped? = frames.last { return frames.append(.dropped) }
        if case .style? = frames.last { return frames.append(.dropped) }
        guard isSVG, SVGAllowlist.elements.contains(elementName) else {
            let unwrapped = isSVG && SVGAllowlist.unwrappedElements.contains(elementName)
            return frames.append(unwrapped ? .unwrapped : .dropped)
        }
        if elementName == "style" { return frames.append(.style("")) }
        frames.append(.kept(elementName))
        write("<" + elementName)
        if frames.count == 1 {
            write(" xmlns=\"\(SVGAllowlist.svgNamespace)\" xmlns:xlink=\"\(SVGAllowlist.xlinkNamespace)\"")
        }
        for (name, value) in keptAttributes(attributes, of: elementName) {
            write(" \(name)=\"\(Self.escaped(value, inAttribute: true))\"")
        }
        write(">")
        checkLimit(parser)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        switch frames.popLast() {
        case .kept(let name)?: write("</\(name)>")
        case .style(let css)? where SVGAllowlist.isSafeCSS(css):
            write("<style>\(Self.escaped(css, inAttribute: false))</style>")
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        addText(string, parser)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        addText(String(decoding: block, as: UTF8.self), parser)
    }

    /// Text inside an element that shows it (`SVGAllowlist.textElements`) is kept, escaped;
    /// text anywhere else draws nothing and is left out.
    private func addText(_ text: String, _ parser: XMLParser) {
        switch frames.last {
        case .style(let css)?:
            frames[frames.count - 1] = .style(css + text)
            if css.utf8.count + text.utf8.count > limit { refuse(parser, "its style sheet is too large") }
        case .kept(let name)? where SVGAllowlist.textElements.contains(name):
            write(Self.escaped(text, inAttribute: false))
            checkLimit(parser)
        default: break
        }
    }

    /// The attributes of `element` the allowlist keeps, with the names they are written
    /// under (`xlink:href`, `xml:space`), in byte order of those names so the output does not
    /// depend on the order of a dictionary.
    private func keptAttributes(_ attributes: [String: String], of element: String) -> [(String, String)] {
        var kept: [(String, String)] = []
        for (qualifiedName, value) in attributes {
            guard let name = allowedName(qualifiedName) else { continue }
            let isReference = name == "href" || name == "xlink:href"
            let isSafe =
                isReference
                ? SVGAllowlist.isSafeReference(value, on: element) : SVGAllowlist.isSafeCSS(value)
            if isSafe { kept.append((name, value)) }
        }
        return kept.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    /// The name an attribute is written under when the allowlist keeps it: its local name
    /// without a namespace, `xlink:` or `xml:` before it in those namespaces; nil otherwise.
    private func allowedName(_ qualifiedName: String) -> String? {
        guard let colon = qualifiedName.firstIndex(of: ":") else {
            return SVGAllowlist.attributes.contains(qualifiedName) ? qualifiedName : nil
        }
        let prefix = String(qualifiedName[..<colon])
        let local = String(qualifiedName[qualifiedName.index(after: colon)...])
        if prefix == "xml" {
            return SVGAllowlist.xmlAttributes.contains(local) ? "xml:" + local : nil
        }
        guard prefixes[prefix]?.last == SVGAllowlist.xlinkNamespace, SVGAllowlist.xlinkAttributes.contains(local)
        else { return nil }
        return "xlink:" + local
    }

    private func write(_ text: String) {
        output += text.utf8
    }

    private func checkLimit(_ parser: XMLParser) {
        if output.count > limit { refuse(parser, "it grows past \(limit) bytes once its entities are expanded") }
    }

    private func refuse(_ parser: XMLParser, _ reason: String) {
        if refusal == nil { refusal = SVGRefusal(reason) }
        parser.abortParsing()
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
