import CLibXML2

/// Makes an SVG safe to publish as an image: parses it with libxml2's SAX parser and writes a
/// new document from the events (`SVGWriter`), keeping only what `SVGAllowlist` allows. No byte
/// of the input is copied through: names come from the allowlist's spelling, text and attribute
/// values are escaped anew.
///
/// The parser loads nothing: no external DTD, no external entity (`SVGParserCallbacks` declares
/// internal entities only), no network. Internal entities are expanded (editors
/// such as Illustrator declare the SVG namespace as one), under libxml2's own limit on
/// expansion; the cleaned output is also capped (`outputLimit`), so no input makes it grow
/// without bound.
public enum SVGSanitizer {
    /// libxml2's global state, set up once before any parse: the build cleans attachments on
    /// several threads at once, and libxml2 asks for `xmlInitParser` first in that case.
    private static let libxml2Initialized: Void = xmlInitParser()

    /// The most bytes a cleaned SVG may have: 4 times the input, and at least 1 MiB. More
    /// means entities were expanded far beyond the file's size, and the SVG is refused.
    public static func outputLimit(forInputOf count: Int) -> Int {
        max(count.multipliedReportingOverflow(by: 4).partialValue, 1 << 20)
    }

    /// The cleaned SVG of `bytes`: UTF-8 XML whose root is an `svg` element in the SVG
    /// namespace, with the XLink namespace declared on it.
    ///
    /// - Throws: `SVGRefusal` when the bytes are not UTF-8 or not well-formed XML, their root
    ///   element is not `svg`, or cleaning them would pass `outputLimit`.
    public static func clean(_ bytes: [UInt8]) throws(SVGRefusal) -> [UInt8] {
        _ = libxml2Initialized
        guard String(validating: bytes, as: UTF8.self) != nil else { throw SVGRefusal("it is not UTF-8 text") }
        guard let size = Int32(exactly: bytes.count) else { throw SVGRefusal("it is larger than 2 GiB") }
        let writer = SVGWriter(limit: outputLimit(forInputOf: bytes.count))
        var handler = SVGParserCallbacks.handler()
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else {
            throw SVGRefusal("libxml2 could not make a parser")
        }
        defer {
            xmlFreeDoc(context.pointee.myDoc)
            xmlFreeParserCtxt(context)
        }
        let options = Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        xmlCtxtUseOptions(context, options)
        let retained = Unmanaged.passRetained(writer)
        defer { retained.release() }
        context.pointee._private = retained.toOpaque()
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, size, 1) }
        }
        if let refusal = writer.refusal { throw refusal }
        // A namespace error (a prefix bound to nothing) leaves the XML well-formed: it is refused
        // too, or `p:href` with an unbound `p` would read as a second `href`.
        guard status == 0, context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            let line = context.pointee.input?.pointee.line ?? 0
            throw SVGRefusal("it is not well-formed XML (libxml2 error \(status) at line \(line))")
        }
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
