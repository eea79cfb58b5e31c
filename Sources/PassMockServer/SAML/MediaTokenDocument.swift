import Foundation
import PassAPI

/// The short media token: Base64 of a signed XML document, like the real `serializedToken`
/// (which decodes to `<signatureInfo>…`).
struct MediaTokenDocument {
    let resource: String
    let requestor: String
    let mvpd: String
    let issuedAt: Int64
    let notAfter: Int64
    let userID: String
    let nonce: String

    /// What the signature covers.
    private var signedContent: String {
        "\(requestor)|\(resource)|\(mvpd)|\(userID)|\(issuedAt)|\(notAfter)|\(nonce)"
    }

    func serialized(with signer: Signer) -> String {
        let signature = Base64.encode(signer.signature(of: signedContent, for: .mediaToken))
        let xml = """
            <signatureInfo>\(signature)<authToken><sessionGUID>\(Markup.escapeXML(nonce))</sessionGUID>\
            <requestorID>\(Markup.escapeXML(requestor))</requestorID><resourceID>\(Markup.escapeXML(resource))</resourceID>\
            <ttl>\(notAfter - issuedAt)</ttl><issueTime>\(issuedAt)</issueTime><mvpdId>\(Markup.escapeXML(mvpd))</mvpdId>\
            <userId>\(Markup.escapeXML(userID))</userId></authToken></signatureInfo>
            """
        return Base64.encode(xml)
    }
}

extension MediaTokenDocument {
    /// The Media Token Verifier library's checks, in its order: the document, its signature, its
    /// validity (`issueTime` + `ttl`), then the resource it was issued for.
    static func verify(_ serialized: String, resource: String, signer: Signer, nowMilliseconds: Int64)
        -> MediaTokenVerification
    {
        guard let decoded = Base64.decode(serialized.trimmingCharacters(in: .whitespacesAndNewlines)),
            let tree = XMLElementTree(String(decoding: decoded, as: UTF8.self)),
            tree.root.name.local == "signatureInfo",
            let signature = Base64.decode(tree.root.text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let document = read(tree)
        else { return MediaTokenVerification(.invalidTokenFormat, "The token is not a signed media token document.") }
        guard signer.verify(signature, of: document.signedContent, for: .mediaToken) else {
            return MediaTokenVerification(.invalidSignature, "The signature does not match the token's content.")
        }
        guard nowMilliseconds < document.notAfter else {
            return MediaTokenVerification(
                .tokenExpired, "The token expired \(seconds(from: document.notAfter, to: nowMilliseconds)) s ago.")
        }
        guard document.resource == resource else {
            return MediaTokenVerification(
                .invalidResourceId, "The token is for \(document.resource), not for \(resource).")
        }
        return MediaTokenVerification(
            .validToken,
            "The signature holds; for \(resource), valid \(seconds(from: nowMilliseconds, to: document.notAfter)) s more."
        )
    }

    /// Whole seconds from one time to a later one, saturating: a token a client made up may
    /// carry any time at all (the default signing secret is public).
    static func seconds(from earlier: Int64, to later: Int64) -> Int64 {
        let (difference, overflow) = later.subtractingReportingOverflow(earlier)
        return (overflow ? Int64.max : difference) / 1_000
    }

    /// The token's fields, from its `authToken` element.
    private static func read(_ tree: XMLElementTree) -> MediaTokenDocument? {
        func field(_ name: String) -> String? { tree.first(XMLName(namespace: nil, local: name))?.text }
        guard let nonce = field("sessionGUID"), let requestor = field("requestorID"),
            let resource = field("resourceID"), let ttl = field("ttl").flatMap({ Int64($0) }),
            let issuedAt = field("issueTime").flatMap({ Int64($0) }), let mvpd = field("mvpdId"),
            let userID = field("userId"), ttl >= 0
        else { return nil }
        let (notAfter, overflow) = issuedAt.addingReportingOverflow(ttl)
        guard !overflow else { return nil }
        return MediaTokenDocument(
            resource: resource, requestor: requestor, mvpd: mvpd, issuedAt: issuedAt, notAfter: notAfter,
            userID: userID, nonce: nonce)
    }
}

extension MockBackend {
    /// The Media Token Verifier's answer for a token this back end issued (seed 001, F.3).
    public func verifyMediaToken(_ serializedToken: String, resource: String) -> MediaTokenVerification {
        MediaTokenDocument.verify(serializedToken, resource: resource, signer: signer, nowMilliseconds: nowMilliseconds)
    }
}
