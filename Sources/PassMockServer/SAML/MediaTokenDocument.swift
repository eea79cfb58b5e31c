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

    func serialized(with signer: Signer) -> String {
        let content = "\(requestor)|\(resource)|\(mvpd)|\(userID)|\(issuedAt)|\(notAfter)|\(nonce)"
        let signature = Base64.encode(signer.signature(of: content, for: .mediaToken))
        let xml = """
            <signatureInfo>\(signature)<authToken><sessionGUID>\(Markup.escapeXML(nonce))</sessionGUID>\
            <requestorID>\(Markup.escapeXML(requestor))</requestorID><resourceID>\(Markup.escapeXML(resource))</resourceID>\
            <ttl>\(notAfter - issuedAt)</ttl><issueTime>\(issuedAt)</issueTime><mvpdId>\(Markup.escapeXML(mvpd))</mvpdId>\
            <userId>\(Markup.escapeXML(userID))</userId></authToken></signatureInfo>
            """
        return Base64.encode(xml)
    }
}
