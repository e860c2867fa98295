import CLibXML2

/// The SAX callbacks `SVGSanitizer` gives libxml2: elements and text go to the `SVGWriter`
/// kept in the parser context's `_private`; processing instructions, comments and
/// errors' printing are switched off, and external entities and DTDs are never declared or
/// loaded.
///
/// Every callback receives the parser context (no user data is set), so libxml2's own SAX2
/// functions for the DTD and entities, which need it, keep working.
enum SVGParserCallbacks {
    /// libxml2's SAX2 handler with the callbacks of this type in place.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.entityDecl = declareEntity
        handler.unparsedEntityDecl = nil
        handler.resolveEntity = nil
        handler.externalSubset = nil
        handler.reference = nil
        handler.processingInstruction = nil
        handler.comment = nil
        handler.warning = nil
        handler.error = nil
        handler.serror = { _, _ in }
        return handler
    }

    /// The writer of the parse `context` belongs to; nil when it has none.
    private static func writer(_ context: UnsafeMutableRawPointer?) -> SVGWriter? {
        guard let pointer = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<SVGWriter>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Stops the parse of `context`, once its writer has refused the SVG.
    private static func stopIfRefused(_ context: UnsafeMutableRawPointer?, _ writer: SVGWriter) {
        if writer.refusal != nil { xmlStopParser(context?.assumingMemoryBound(to: xmlParserCtxt.self)) }
    }

    /// `length` bytes of UTF-8 at `text` (libxml2 hands out UTF-8 whatever the input's
    /// encoding); invalid bytes, should any come, become U+FFFD.
    private static func string(_ text: UnsafePointer<xmlChar>?, _ length: Int32) -> String {
        guard let text, length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
    }

    /// The NUL-terminated UTF-8 at `text`, or nil when there is none.
    private static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    }

    private static func strlen(_ text: UnsafePointer<xmlChar>) -> Int {
        var count = 0
        while text[count] != 0 { count += 1 }
        return count
    }

    private static let endElement: endElementNsSAX2Func = { context, _, _, _ in writer(context)?.endElement() }

    private static let characters: charactersSAXFunc = { context, text, length in
        guard let writer = writer(context) else { return }
        writer.addText(string(text, length))
        stopIfRefused(context, writer)
    }

    private static let startElement: startElementNsSAX2Func = {
        context, localName, _, namespace, _, _, attributeCount, _, attributes in
        guard let writer = writer(context) else { return }
        var read: [SVGWriter.Attribute] = []
        if let attributes {
            for index in 0..<Int(max(attributeCount, 0)) {
                let base = index * 5
                guard let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                read.append(
                    SVGWriter.Attribute(
                        name: string(attributes[base]) ?? "", namespace: string(attributes[base + 2]),
                        value: string(start, Int32(clamping: end - start))))
            }
        }
        writer.startElement(string(localName) ?? "", namespace: string(namespace), attributes: read)
        stopIfRefused(context, writer)
    }

    /// Declares an entity of the internal subset for libxml2 to expand, when it is internal:
    /// an external one (`SYSTEM "file:…"`) is never declared, so its file or URL is never
    /// read, and a reference to it is one to an undeclared entity.
    private static let declareEntity: entityDeclSAXFunc = { context, name, type, publicID, systemID, content in
        let internalTypes = [XML_INTERNAL_GENERAL_ENTITY.rawValue, XML_INTERNAL_PARAMETER_ENTITY.rawValue]
        guard internalTypes.contains(UInt32(bitPattern: type)) else { return }
        xmlSAX2EntityDecl(context, name, type, publicID, systemID, content)
    }
}
