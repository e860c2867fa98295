import Foundation
import FoundationXML
import WikiSVG

/// `SVGSanitizer` on arbitrary bytes as an SVG file.
///
/// What must hold (the guarantees `SVGSanitizer` documents):
/// - It returns a cleaned SVG or throws an `SVGRefusal`, nothing else, within its output limit.
/// - The cleaned SVG is UTF-8 XML that parses again, whose root is `svg` in the SVG namespace.
/// - It holds no element outside `SVGAllowlist.elements` (so no `script`, no `foreignObject`),
///   no attribute outside the allowlist, no `on*` attribute, no `href` other than `#id` or an
///   image's inline raster image, and no attribute value with `javascript:`.
/// - Cleaning it again gives the same bytes.
///
/// The cleaned SVG is read back with FoundationXML's `XMLParser`, not with the sanitizer's own
/// use of libxml2, so the check shares no code with what it checks.
enum SVGTarget {
    static func run(_ input: UnsafeRawBufferPointer) throws(InvariantViolation) {
        let bytes = Array(input)
        let cleaned: [UInt8]
        do {
            cleaned = try SVGSanitizer.clean(bytes)
        } catch {
            return
        }
        try require(
            cleaned.count <= SVGSanitizer.outputLimit(forInputOf: bytes.count),
            "the cleaned SVG has \(cleaned.count) bytes, past its limit")
        try require(String(validating: cleaned, as: UTF8.self) != nil, "the cleaned SVG is not UTF-8")
        let check = SVGOutputCheck()
        let parser = XMLParser(data: Data(cleaned))
        parser.shouldProcessNamespaces = true
        parser.delegate = check
        let parsed = parser.parse()
        if let violation = check.violation { throw InvariantViolation("\(violation) in \(shown(cleaned))") }
        try require(parsed, "the cleaned SVG does not parse again: \(shown(cleaned))")
        let again = try? SVGSanitizer.clean(cleaned)
        try require(again == cleaned, "cleaning the cleaned SVG changes it: \(shown(cleaned))")
    }
}

/// Reads a cleaned SVG and notes the first thing in it the allowlist does not allow.
private final class SVGOutputCheck: NSObject, XMLParserDelegate {
    /// What was found that must not be there, if anything.
    private(set) var violation: String?
    private var depth = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        defer { depth += 1 }
        guard namespaceURI == SVGAllowlist.svgNamespace else {
            return note("the element <\(elementName)> is in the namespace \(namespaceURI ?? "none")")
        }
        guard depth > 0 || elementName == "svg" else { return note("the root element is <\(elementName)>") }
        guard SVGAllowlist.elements.contains(elementName), elementName != "script", elementName != "foreignObject"
        else { return note("the element <\(elementName)> is not allowed") }
        for (name, value) in attributes {
            check(name, value, on: elementName)
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        depth -= 1
    }

    private func check(_ name: String, _ value: String, on element: String) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if local.lowercased().hasPrefix("on") { return note("the event attribute \(name) is kept") }
        if value.lowercased().contains("javascript:") { return note("the attribute \(name) holds javascript:") }
        let allowed =
            switch name {
            case "xlink:href": true
            case "xml:space", "xml:lang": true
            default: !name.contains(":") && SVGAllowlist.attributes.contains(name)
            }
        guard allowed else { return note("the attribute \(name) is not allowed") }
        if local == "href", !SVGAllowlist.isSafeReference(value, on: element) {
            note("the reference \(name)=\(shown(value)) leaves the drawing")
        }
    }

    private func note(_ message: String) {
        if violation == nil { violation = message }
    }
}
