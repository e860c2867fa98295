import Foundation
import FoundationXML

/// Makes an SVG safe to publish as an image: parses it with libxml2 (through FoundationXML's
/// `XMLParser`) and writes a new document from what the parser reports, keeping only what
/// `SVGAllowlist` allows. No byte of the input is copied through: names come from the
/// allowlist's spelling, text and attribute values are escaped anew.
///
/// The parser loads nothing: no external entity, no external DTD (`XMLParser` resolves none by
/// default). Internal entities are expanded by libxml2, whose own limit refuses an expansion
/// bomb; the cleaned output is also capped (`outputLimit`), so no input makes it grow without
/// bound.
public enum SVGSanitizer {
    /// The most bytes a cleaned SVG may have: 4 times the input, and at least 1 MiB. More
    /// means entities were expanded far beyond the file's size, and the SVG is refused.
    public static func outputLimit(forInputOf count: Int) -> Int {
        max(count.multipliedReportingOverflow(by: 4).partialValue, 1 << 20)
    }

    /// The cleaned SVG of `bytes`: UTF-8 XML whose root is an `svg` element in the SVG
    /// namespace, with the XLink namespace declared on it.
    ///
    /// - Throws: `SVGRefusal` when the bytes are not UTF-8 or not well-formed XML, their root
    ///   element is not `svg`, or cleaning them would pass `outputLimit`. UTF-8 is required
    ///   because `XMLParser` stops the process on a name that is not (it force-unwraps it), and
    ///   libxml2 passes invalid bytes in some names through.
    public static func clean(_ bytes: [UInt8]) throws(SVGRefusal) -> [UInt8] {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw SVGRefusal("it is not UTF-8 text") }
        let writer = SVGWriter(limit: outputLimit(forInputOf: bytes.count))
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = writer
        let parsed = parser.parse()
        if let refusal = writer.refusal { throw refusal }
        // `parse()` can return true after an error (a truncated document, a second root):
        // the error it records decides.
        if let error = parser.parserError as NSError? {
            throw SVGRefusal("it is not well-formed XML (libxml2 error \(error.code) at line \(parser.lineNumber))")
        }
        guard parsed else { throw SVGRefusal("it is not well-formed XML") }
        guard writer.sawRoot else { throw SVGRefusal("it has no root element") }
        return writer.output
    }
}

/// Why an SVG cannot be published: it is not XML, not an SVG, or too large once read.
public struct SVGRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as a clause: "it is not well-formed XML (…)".
    public let reason: String

    /// A refusal saying `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
