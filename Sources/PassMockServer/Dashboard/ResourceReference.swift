import Foundation

/// A resource as apps send it: a plain id, or an MRSS document (RSS 2.0 with Media RSS) whose
/// channel title is the id and whose `media:rating` is the title's rating.
///
/// MRSS is read with the XML parser, so CDATA sections, entities and namespace prefixes read as
/// the same values they stand for: `<title><![CDATA[orbit-live]]></title>` is `orbit-live`.
struct ResourceReference: Equatable {
    static let mediaNamespace = "http://search.yahoo.com/mrss/"
    static let title = XMLName(namespace: nil, local: "title")
    static let rating = XMLName(namespace: mediaNamespace, local: "rating")

    let id: String
    let rating: String?

    /// Why a resource that looks like XML cannot be read.
    struct Malformed: Error, Equatable {
        let reason: String
    }

    /// Reads `text`; a text starting with `<` must be a well-formed MRSS document with a title.
    init(_ text: String) throws(Malformed) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("<") else {
            id = trimmed
            rating = nil
            return
        }
        guard let tree = Self.tree(trimmed) else {
            throw Malformed(reason: "The resource is not well-formed MRSS (XML).")
        }
        let id = tree.first(Self.title)?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !id.isEmpty else { throw Malformed(reason: "The MRSS resource has no channel title (the resource id).") }
        self.id = id
        let rating = tree.first(Self.rating)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.rating = rating.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The reference of a resource already checked by its route; a malformed one stands for
    /// itself, unrated.
    static func checked(_ text: String) -> ResourceReference {
        (try? ResourceReference(text)) ?? ResourceReference(id: text, rating: nil)
    }

    private init(id: String, rating: String?) {
        self.id = id
        self.rating = rating
    }

    /// The document's tree. Apps often use the `media:` prefix without declaring it, so the
    /// document is read inside an element that declares it: the prefix then means Media RSS,
    /// and a prefix the document declares itself keeps its own meaning. The XML declaration is
    /// dropped for that; a document type cannot be inside an element, so a resource with one
    /// (and with it any entity declaration) is malformed.
    private static func tree(_ xml: String) -> XMLElementTree? {
        var body = Substring(xml)
        if body.hasPrefix("<?xml") {
            guard let end = body.range(of: "?>") else { return nil }
            body = body[end.upperBound...]
        }
        return XMLElementTree("<tvsim-resource xmlns:media=\"\(mediaNamespace)\">\(body)</tvsim-resource>")
    }
}
