import Foundation
import MockBackendAPI
import PassAPI

/// Legacy REST API V1 clients sign each call with their requestor's key pair instead of
/// presenting a DCR token; `tvsim serve --accept-signed-v1` accepts them.
extension Gatekeeper {
    /// How far a signed request's time may be from the server's, either way.
    static let signedRequestWindowSeconds: Int64 = 600

    /// The caller of a signed V1 request, or nil when the request is not signed this way.
    func signedV1Caller(_ request: IncomingRequest) throws -> Caller? {
        guard let header = request.header(.authorization), SignedV1Request.isSigned(header) else { return nil }
        guard backend.acceptsSignedV1 else {
            throw refusal(
                "This request is signed with a REST API V1 key pair, the legacy scheme; REST API V1 now takes a DCR "
                    + "access token (Authorization: Bearer). Start tvsim serve with --accept-signed-v1 to accept "
                    + "signed requests; /__tvsim/info then lists each requestor's key pair.")
        }
        let signed: SignedV1Request
        switch SignedV1Request.parse(header) {
        case .success(let value): signed = value
        case .failure(let problem): throw refusal("The signed Authorization header \(problem).")
        }
        guard let requestor = index.requestorsById[signed.requestor] else {
            throw EnhancedFailure(.invalidParameterServiceProvider, "Unknown requestor '\(signed.requestor)'.")
        }
        let keys = backend.credentials.signedRequestKeys(for: requestor)
        guard signed.publicKey == keys.publicKey, signed.isSigned(with: keys.privateKey) else {
            throw refusal("The signature is not one made with \(requestor.id)'s key pair (see /__tvsim/info).")
        }
        guard signed.method == request.method else {
            throw refusal("The request was signed for \(signed.method) and sent as \(request.method).")
        }
        guard Self.signedPaths(of: request.path).contains(signed.signedPath) else {
            throw refusal("The request was signed for \(signed.requestURI) and sent to \(request.path).")
        }
        try spendNonce(of: signed)
        return Caller(clientId: "signed-v1:\(requestor.id)", requestor: requestor)
    }

    /// The `request_uri` values that sign `path`: the whole path, or its tail after the API's
    /// prefix (`/authorize` for `/api/v1/authorize`, `/regcode` for `/reggie/v1/ORBIT/regcode`),
    /// as legacy clients wrote either. Nothing shorter: a signature for `/` signs no call.
    static func signedPaths(of path: String) -> Set<String> {
        var paths: Set<String> = [path]
        if path.hasPrefix("/api/v1/") { paths.insert(String(path.dropFirst("/api/v1".count))) }
        if path.hasPrefix("/reggie/v1/") {
            let rest = path.dropFirst("/reggie/v1/".count)
            if let slash = rest.firstIndex(of: "/") { paths.insert(String(rest[slash...])) }
        }
        return paths
    }

    /// Checks the request time against the server's clock as the client's runs (the clock less
    /// what the admin API skipped), and spends the nonce for as long as that time is acceptable.
    private func spendNonce(of signed: SignedV1Request) throws {
        let clock = backend.clock
        let reference = Int64((clock.now().timeIntervalSince1970 - clock.skippedSeconds) * 1000)
        // request_time is the client's number: any Int64 may come, so the skew is checked arithmetic.
        let (skew, overflowed) = signed.requestTime.subtractingReportingOverflow(reference)
        let window = Self.signedRequestWindowSeconds * 1000
        guard !overflowed, skew.magnitude <= UInt64(window) else {
            let distance = overflowed ? "far" : "\(skew.magnitude / 1000) s"
            let side = (overflowed ? signed.requestTime > reference : skew > 0) ? "ahead of" : "behind"
            throw refusal(
                "request_time is \(distance) \(side) the server's clock; "
                    + "at most \(Self.signedRequestWindowSeconds) s either way.")
        }
        // The legacy scheme's only client identity is the requestor's key pair: its quota.
        let nonce = "signed-v1:\(signed.requestor):\(signed.nonce)"
        let validUntil = backend.nowMilliseconds + window - skew
        guard try backend.spendOnce(nonce, owner: "requestor:\(signed.requestor)", validUntil: validUntil) else {
            throw refusal("This nonce was used before: every signed request needs a new one.")
        }
    }

    private func refusal(_ details: String) -> EnhancedFailure {
        EnhancedFailure(.invalidAccessTokenServiceProvider, details)
    }
}
