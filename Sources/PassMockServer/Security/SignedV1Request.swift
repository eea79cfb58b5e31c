import Crypto
import Foundation
import MockBackendAPI
import PassAPI

/// A legacy REST API V1 request signature, the scheme older clients use instead of a DCR token:
///
///     Authorization: GET requestor_id=ORBIT, nonce=<uuid>, signature_method=HMAC-SHA1,
///         request_time=<ms>, request_uri=/regcode, public_key=<key>, signature=<base64>
///
/// The signature is Base64 of the HMAC-SHA1, keyed with the requestor's private key, of the
/// header's text before `, public_key`.
struct SignedV1Request: Equatable {
    let method: String
    let requestor: String
    let nonce: String
    /// Milliseconds since 1970, by the client's clock.
    let requestTime: Int64
    let requestURI: String
    let publicKey: String
    let signature: String
    /// The part of the header the signature covers.
    let signedText: String

    /// Whether `header` is in this scheme at all (a method, then `requestor_id=`), as opposed to
    /// a Bearer token or anything else.
    static func isSigned(_ header: String) -> Bool {
        guard let space = header.firstIndex(of: " ") else { return false }
        let method = header[..<space]
        return !method.isEmpty && method.allSatisfy { $0.isASCII && $0.isLetter }
            && header[header.index(after: space)...].hasPrefix("requestor_id=")
    }

    /// Reads a header `isSigned` accepts; the error says what is missing or wrong.
    static func parse(_ header: String) -> Result<SignedV1Request, Problem> {
        guard isSigned(header), let space = header.firstIndex(of: " ") else { return .failure(.notSigned) }
        guard let keyStart = header.range(of: ", public_key=") else { return .failure(.missing("public_key")) }
        var fields: [String: String] = [:]
        for part in header[header.index(after: space)...].components(separatedBy: ", ") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, fields[String(pair[0])] == nil else { return .failure(.malformed(part)) }
            fields[String(pair[0])] = String(pair[1])
        }
        for name in ["requestor_id", "nonce", "signature_method", "request_time", "request_uri", "signature"]
        where (fields[name] ?? "").isEmpty {
            return .failure(.missing(name))
        }
        guard fields["signature_method"] == "HMAC-SHA1" else {
            return .failure(.unsupportedMethod(fields["signature_method"]!))
        }
        guard let time = Int64(fields["request_time"]!) else { return .failure(.malformed("request_time")) }
        return .success(
            SignedV1Request(
                method: String(header[..<space]).uppercased(), requestor: fields["requestor_id"]!,
                nonce: fields["nonce"]!, requestTime: time, requestURI: fields["request_uri"]!,
                publicKey: fields["public_key"] ?? "", signature: fields["signature"]!,
                signedText: String(header[..<keyStart.lowerBound])))
    }

    /// The header a client holding `keys` sends; tvsim's own tests sign with it.
    static func header(
        method: String, requestor: String, nonce: String, requestTime: Int64, requestURI: String,
        keys: SignedRequestKeys
    ) -> String {
        let text =
            "\(method) requestor_id=\(requestor), nonce=\(nonce), signature_method=HMAC-SHA1, "
            + "request_time=\(requestTime), request_uri=\(requestURI)"
        let code = HMAC<Insecure.SHA1>.authenticationCode(
            for: Data(text.utf8), using: SymmetricKey(data: Data(keys.privateKey.utf8)))
        return "\(text), public_key=\(keys.publicKey), signature=\(Data(code).base64EncodedString())"
    }

    /// Whether the signature is the one `privateKey` makes (compared in constant time).
    func isSigned(with privateKey: String) -> Bool {
        guard let presented = Data(base64Encoded: signature) else { return false }
        return HMAC<Insecure.SHA1>.isValidAuthenticationCode(
            presented, authenticating: Data(signedText.utf8), using: SymmetricKey(data: Data(privateKey.utf8)))
    }

    /// The path the signature was made for, without a query.
    var signedPath: String { String(requestURI.split(separator: "?", maxSplits: 1).first ?? "") }

    enum Problem: Error, Equatable, CustomStringConvertible {
        case notSigned
        case missing(String)
        case malformed(String)
        case unsupportedMethod(String)

        var description: String {
            switch self {
            case .notSigned: "is not a signed request"
            case .missing(let name): "has no \(name)"
            case .malformed(let part): "cannot be read at '\(part)'"
            case .unsupportedMethod(let method): "uses \(method); only HMAC-SHA1 is known"
            }
        }
    }
}

extension CredentialAuthority {
    /// The requestor's legacy V1 key pair: the dashboard's, or one derived from the signing
    /// secret (a 32-character public key and a 16-character private key, the shape of the keys
    /// legacy clients were given).
    func signedRequestKeys(for requestor: RequestorSettings) -> SignedRequestKeys {
        if let keys = requestor.signedRequests { return keys }
        func derived(_ label: String, length: Int) -> String {
            let bytes = signer.signature(of: "\(label):\(requestor.id)", for: .signedRequestKey)
            return String(Base64.encodeURLSafe(bytes).filter { $0.isLetter || $0.isNumber }.prefix(length))
        }
        return SignedRequestKeys(publicKey: derived("public", length: 32), privateKey: derived("private", length: 16))
    }
}
