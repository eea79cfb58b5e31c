import Foundation
import PassAPI
import Testing

@testable import PassMockServer

/// The verifier an app calls before it plays (seed 001, F.3), through the admin API: each of the
/// Media Token Verifier's answers for a token the mock issued and for ones it did not.
@Suite struct MediaTokenVerifierTests {
    func verify(_ harness: Harness, _ token: String, _ resource: String) async throws -> MediaTokenVerification {
        let body = String(
            decoding: try JSONEncoder().encode(["serializedToken": token, "resource": resource]), as: UTF8.self)
        let reply = try await harness.send(.post, "/__tvsim/media-tokens/verify", body: body)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(MediaTokenVerification.self)
    }

    /// The token Adobe gives for an authorized title.
    func mediaToken(_ app: Harness.App, _ resource: String) async throws -> String {
        let body = String(decoding: try JSONEncoder().encode(DecisionsRequest(resources: [resource])), as: UTF8.self)
        let reply = try await app.postJSON("/decisions/authorize/Cascade", body)
        return try #require(try reply.decode(DecisionsResponse.self).decisions.first?.token?.serializedToken)
    }

    @Test func everyAnswerOfTheVerifier() async throws {
        try await Harness.run { harness in
            let app = try await harness.app()
            try await app.signIn(mvpd: "Cascade")
            let token = try await mediaToken(app, "orbit-live")
            #expect(try await verify(harness, token, "orbit-live").status == .validToken)
            #expect(try await verify(harness, token, "deep-space").status == .invalidResourceId)
            let xml = String(decoding: try #require(Base64.decode(token)), as: UTF8.self)
            let forged = Base64.encode(
                xml.replacingOccurrences(
                    of: "<resourceID>orbit-live</resourceID>", with: "<resourceID>deep-space</resourceID>"))
            #expect(try await verify(harness, forged, "deep-space").status == .invalidSignature)
            for garbage in [
                "", "not base64 at all", Base64.encode("<signatureInfo>x</signatureInfo>"), Base64.encode("<a>"),
            ] {
                #expect(try await verify(harness, garbage, "orbit-live").status == .invalidTokenFormat, "\(garbage)")
            }
            let advanced = try await harness.send(.post, "/__tvsim/clock/advance", body: #"{"seconds": 421}"#)
            #expect(advanced.status == 200)
            #expect(try await verify(harness, token, "orbit-live").status == .tokenExpired)
        }
    }

    /// The default signing secret is public, so anyone can sign a token with any times: the
    /// extremes are answered, never a crash.
    @Test func aTokenSignedWithExtremeTimesIsAnswered() async throws {
        try await Harness.run { harness in
            func token(issuedAt: Int64, notAfter: Int64) -> String {
                MediaTokenDocument(
                    resource: "orbit-live", requestor: "ORBIT", mvpd: "Cascade", issuedAt: issuedAt,
                    notAfter: notAfter, userID: "u-1", nonce: "n-1"
                ).serialized(with: harness.backend.signer)
            }
            let ancient = try await verify(harness, token(issuedAt: .min, notAfter: .min), "orbit-live")
            #expect(ancient.status == .tokenExpired, "\(ancient)")
            let endless = try await verify(harness, token(issuedAt: .max - 1, notAfter: .max), "orbit-live")
            #expect(endless.status == .validToken, "\(endless)")
        }
    }

    @Test func aQuestionWithoutItsFieldsIsRefusedByName() async throws {
        try await Harness.run { harness in
            let reply = try await harness.send(
                .post, "/__tvsim/media-tokens/verify", body: #"{"serializedToken": "x"}"#)
            #expect(reply.status == 400)
            #expect(reply.text.contains("resource"), "\(reply.text)")
        }
    }
}
