import Foundation
import PassAPI
import Simulation
import Testing

@testable import PassMockServer

/// Answers spelled directly are byte for byte what the encoder writes.
@Suite struct DirectJSONTests {
    /// Text that JSON must escape or may pass as it is: every ASCII byte, slashes, quotes,
    /// backslashes, non-ASCII letters and an emoji.
    static let awkward =
        String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self) + "/\\\"é漢字🙂\u{2028}"

    static func sessions() -> [SessionResponse] {
        var random = SeededGenerator(seed: 25)
        let texts = ["", "ORBIT", "/api/v2/authenticate/ORBIT/ABC123", awkward, "a\"b", "1764000000000"]
        func text() -> String? { Bool.random(using: &random) ? texts.randomElement(using: &random) : nil }
        return (0..<300).map { _ in
            SessionResponse(
                actionName: SessionActionName.allCases.randomElement(using: &random)!,
                actionType: SessionActionType.allCases.randomElement(using: &random)!,
                reasonType: SessionReasonType.allCases.randomElement(using: &random)!,
                missingParameters: Bool.random(using: &random)
                    ? (0..<Int.random(in: 0...3, using: &random)).map { _ in texts.randomElement(using: &random)! }
                    : nil,
                url: text(), code: text(), sessionId: texts.randomElement(using: &random)!, mvpd: text(),
                serviceProvider: texts.randomElement(using: &random)!, notBefore: text(), notAfter: text())
        }
    }

    @Test func aSessionAnswerIsSpelledAsTheEncoderSpellsIt() throws {
        for session in Self.sessions() {
            let direct = try #require(session.directJSON)
            let encoded = Reply.encode(session)
            #expect(
                direct == encoded,
                "\(String(decoding: direct, as: UTF8.self))\n\(String(decoding: encoded, as: UTF8.self))")
        }
    }

    @Test func aSessionWithAPartnerRequestIsLeftToTheEncoder() {
        let session = SessionResponse(
            actionName: .partnerProfile, actionType: .direct, reasonType: .none, sessionId: "s",
            serviceProvider: "ORBIT",
            authenticationRequest: PartnerAuthenticationRequest(request: "PHNhbWw+", attributesNames: ["userID"]))
        #expect(session.directJSON == nil)
        #expect(Reply.json(session).body == Reply.encode(session))
    }
}
