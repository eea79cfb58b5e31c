import Foundation
import PassAPI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A qualified XML name: namespace URI and local name, whatever prefix the document used.
struct XMLName: Hashable, Sendable {
    let namespace: String?
    let local: String
}

/// One element of a document read by `XMLElementTree`.
struct XMLElementNode: Sendable {
    let name: XMLName
    /// Attribute values (entities resolved) by attribute name.
    let attributes: [String: String]
    /// The character data directly inside the element.
    var text = ""
    var children: [XMLElementNode] = []

    /// This element and every element inside it, in document order.
    var elements: [XMLElementNode] { [self] + children.flatMap(\.elements) }

    /// The first element named `name`, this one included, in document order.
    func first(_ name: XMLName) -> XMLElementNode? {
        if self.name == name { return self }
        for child in children {
            if let found = child.first(name) { return found }
        }
        return nil
    }
}

/// A well-formed XML document read with FoundationXML's `XMLParser`, namespace-aware, so that
/// elements are matched by namespace and local name: `saml2:Issuer`, `saml:Issuer` and an
/// `Issuer` in a default namespace are the same element.
struct XMLElementTree: Sendable {
    let root: XMLElementNode

    /// The deepest nesting read. A SAML response or an MRSS item is a handful of levels deep;
    /// the tree is walked recursively, so a document nested thousands deep would overflow the
    /// stack of the thread serving it. Deeper is not a document the mock reads.
    static let maximumDepth = 64

    /// Nil when `xml` is not a well-formed document.
    init?(_ xml: String) {
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        self.root = root
    }

    func first(_ name: XMLName) -> XMLElementNode? { root.first(name) }

    func all(_ name: XMLName) -> [XMLElementNode] { root.elements.filter { $0.name == name } }
}

/// Builds the element tree from the parser's events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private var open: [XMLElementNode] = []
    private(set) var root: XMLElementNode?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let namespace = namespaceURI.flatMap { $0.isEmpty ? nil : $0 }
        guard open.count < XMLElementTree.maximumDepth else {
            parser.abortParsing()
            return
        }
        open.append(XMLElementNode(name: XMLName(namespace: namespace, local: elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open.popLast() else { return }
        if open.isEmpty {
            root = element
        } else {
            open[open.count - 1].children.append(element)
        }
    }
}

/// The SAML 2.0 names the mock reads.
enum SAMLName {
    static let protocolNamespace = "urn:oasis:names:tc:SAML:2.0:protocol"
    static let assertionNamespace = "urn:oasis:names:tc:SAML:2.0:assertion"
    static let signatureNamespace = "http://www.w3.org/2000/09/xmldsig#"

    static let response = XMLName(namespace: protocolNamespace, local: "Response")
    static let authnRequest = XMLName(namespace: protocolNamespace, local: "AuthnRequest")
    static let statusCode = XMLName(namespace: protocolNamespace, local: "StatusCode")
    static let issuer = XMLName(namespace: assertionNamespace, local: "Issuer")
    static let nameID = XMLName(namespace: assertionNamespace, local: "NameID")
    static let conditions = XMLName(namespace: assertionNamespace, local: "Conditions")
    static let audience = XMLName(namespace: assertionNamespace, local: "Audience")
    static let subjectConfirmationData = XMLName(namespace: assertionNamespace, local: "SubjectConfirmationData")
    static let attribute = XMLName(namespace: assertionNamespace, local: "Attribute")
    static let attributeValue = XMLName(namespace: assertionNamespace, local: "AttributeValue")
    static let signatureValue = XMLName(namespace: signatureNamespace, local: "SignatureValue")

    /// A SAML document as apps carry it: the XML itself, or Base64 of it (what the partner
    /// framework and Adobe's cookbooks send). Nil when `text` is neither.
    static func document(fromXMLOrBase64 text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("<") { return trimmed }
        guard let data = Base64.decode(trimmed), let xml = String(data: data, encoding: .utf8) else { return nil }
        let body = xml.trimmingCharacters(in: .whitespacesAndNewlines)
        return body.hasPrefix("<") ? body : nil
    }
}
