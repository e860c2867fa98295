import WikiDocuments
import WikiSVG

/// A file attached to a page (CouchDB `_attachments`).
public struct Attachment: Sendable {
    /// The attachment's name, exactly as in the document (it may contain `/`).
    public let name: String
    /// Its MIME type (`content_type`); `application/octet-stream` when the document gives none,
    /// `image/svg+xml` for an SVG (`isSVG`).
    public let contentType: String
    /// The bytes, when the dump carried them inline (`data`, base64); `nil` for a stub, whose
    /// bytes stayed in the database. An SVG's are the cleaned SVG (`SVGSanitizer`), never the
    /// document's own.
    public let data: [UInt8]?
    /// The size in bytes the document declares (`length`), when it does.
    public let length: Int?
    /// CouchDB's digest of the bytes (`digest`, such as `md5-…`), when the document gives one.
    public let digest: String?
    /// The file's path in its folder of Markdown (`path`, such as `img/diagram.png`), when a
    /// folder's note names it: the file is then the folder's, published once for its wiki at a
    /// URL made from this path (`SiteLayout.attachment`), whatever note names it and however.
    public var folderPath: String? = nil

    /// Whether it is an SVG image: its name ends in `.svg` or its type is `image/svg+xml` (in
    /// any letter case, parameters aside). Its bytes, when present, are then cleaned.
    public var isSVG: Bool { Self.isSVG(name: name, contentType: contentType) }

    /// Whether an attachment called `name` of type `contentType` is an SVG image (`isSVG`).
    static func isSVG(name: String, contentType: String) -> Bool {
        let type = contentType.lowercased().prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        return name.lowercased().hasSuffix(".svg") || type == "image/svg+xml"
    }
}

/// An attachment left out of a page because its entry is malformed; the page itself is kept.
public struct SkippedAttachment: Sendable, CustomStringConvertible {
    /// The `_id` of the page.
    public let documentID: String
    /// Where the page was read.
    public let origin: DocumentOrigin
    /// The attachment's name; `nil` when the whole `_attachments` field is malformed.
    public let name: String?
    /// What is wrong with the entry.
    public let reason: String

    public var description: String {
        let what = name.map { "attachment \(MessageText.quoted($0)) skipped" } ?? "field \"_attachments\" ignored"
        return "\(origin): \(MessageText.quoted(documentID)): \(what): \(reason)"
    }
}

/// Reads `_attachments` into `Attachment`s, skipping malformed entries.
struct AttachmentReader {
    let document: Document

    /// The attachments in byte order of their names, and the entries that were skipped.
    func read() -> (attachments: [Attachment], skipped: [SkippedAttachment]) {
        guard let value = document.body["_attachments"] else { return ([], []) }
        guard case .object(let entries) = value else {
            if value == .null { return ([], []) }
            return ([], [skip(nil, "it is \(value.typeDescription), expected an object")])
        }
        // A repeated name keeps its last entry, as JSON parsers do.
        var latest: [ExactString: JSONValue] = [:]
        for (name, entry) in entries.members { latest[ExactString(name)] = entry }
        var attachments: [Attachment] = []
        var skipped: [SkippedAttachment] = []
        for (name, entry) in latest.sorted(by: { $0.key < $1.key }) {
            do {
                attachments.append(try attachment(named: name.value, entry))
            } catch {
                skipped.append(skip(name.value, error.message))
            }
        }
        return (attachments, skipped)
    }

    private func attachment(named name: String, _ entry: JSONValue) throws(SkipReason) -> Attachment {
        guard !name.isEmpty else { throw SkipReason("its name is empty") }
        guard case .object(let object) = entry else {
            throw SkipReason("its entry is \(entry.typeDescription), expected an object")
        }
        let fields = DocumentFields(object: object)
        let contentType = try fields.optionalString("content_type") ?? "application/octet-stream"
        let isStub = try fields.optionalBool("stub") ?? false
        let digest = try fields.optionalString("digest")
        let length = try declaredLength(object["length"])
        let folderPath = try fields.optionalString("path")
        if isStub {
            return Attachment(name: name, contentType: contentType, data: nil, length: length, digest: digest)
        }
        guard let encoded = try fields.optionalString("data") else {
            throw SkipReason("it has neither \"data\" nor \"stub\": true")
        }
        guard let data = Base64.decode(encoded) else { throw SkipReason("field \"data\" is not valid base64") }
        guard Attachment.isSVG(name: name, contentType: contentType) else {
            return Attachment(
                name: name, contentType: contentType, data: data, length: length, digest: digest, folderPath: folderPath
            )
        }
        do {
            let cleaned = try SVGSanitizer.clean(data)
            return Attachment(
                name: name, contentType: "image/svg+xml", data: cleaned, length: length, digest: digest,
                folderPath: folderPath)
        } catch {
            throw SkipReason("it is an SVG image that cannot be published: \(error.reason)")
        }
    }

    private func declaredLength(_ value: JSONValue?) throws(SkipReason) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let length = Int(text), length >= 0 else {
                throw SkipReason("field \"length\" is \(text), expected a whole number of bytes")
            }
            return length
        case let value?: throw .wrongType("length", value, expected: "a number")
        }
    }

    private func skip(_ name: String?, _ reason: String) -> SkippedAttachment {
        SkippedAttachment(documentID: document.id, origin: document.origin, name: name, reason: reason)
    }
}
