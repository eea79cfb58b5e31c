import Foundation
import Testing

/// `tvsim lab NAME`: the lab's checklist beside the inspector, graded live from a trainee's calls
/// (here curl, as a trainee starting out would), `h` for the next goal's hint.
@Suite(.needs(.tmux, .curl, .jq)) struct JourneyLab {
    /// A trainee's first calls, as a bash script against `base`: registration and a token, then a
    /// session created without checking for a profile first.
    static func firstCalls(base: Substring, skippingProfiles: Bool) -> String {
        """
        set -eu
        BASE=\(base)
        STATEMENT=$(curl -s $BASE/__tvsim/info | jq -r '.requestors[0].softwareStatement')
        DEVICE_INFO=$(printf '%s' '{"primaryHardwareType":"SetTopBox","model":"AppleTV","osName":"tvOS"}' | base64 | tr -d '\\n')
        DEVICE_ID="fingerprint $(printf '%s' 'trainee-1' | base64)"
        REG=$(curl -s -X POST $BASE/o/client/register -H 'Content-Type: application/json' \\
          -H "X-Device-Info: $DEVICE_INFO" -d "{\\"software_statement\\": \\"$STATEMENT\\"}")
        TOKEN=$(curl -s -X POST $BASE/o/client/token -H "X-Device-Info: $DEVICE_INFO" \\
          -d grant_type=client_credentials -d client_id=$(echo "$REG" | jq -r .client_id) \\
          -d client_secret=$(echo "$REG" | jq -r .client_secret) | jq -r .access_token)
        \(skippingProfiles ? "" : #"curl -s $BASE/api/v2/ORBIT/profiles -H "Authorization: Bearer $TOKEN" -H "AP-Device-Identifier: $DEVICE_ID" -H "X-Device-Info: $DEVICE_INFO" >/dev/null"#)
        curl -s -X POST $BASE/api/v2/ORBIT/sessions -H "Authorization: Bearer $TOKEN" \\
          -H "AP-Device-Identifier: $DEVICE_ID" -H "X-Device-Info: $DEVICE_INFO" \\
          -d domainName=orbit.tvsim.example -d redirectUrl=adbe.orbit://auth/done >/dev/null
        """
    }

    @Test func theChecklistFollowsATraineesCalls() async throws {
        let app = try await Journey.open(
            ["lab", "rest-v2-second-screen", "--port", "0"], window: .large, term: "xterm", deviceState: false)
        await app.see("Lab · REST API V2")
        await app.see("› A.1 register the app")
        await app.see("h hint")
        // The next goal's hint, then put away.
        try await app.press("h")
        await app.see("POST /o/client/register")
        try await app.press("h")
        await app.seeNo("POST /o/client/register")
        let base = try #require((await app.screen).firstMatch(of: /(http:\/\/127\.0\.0\.1:\d+)/)?.1)
        let run = try await JourneyWatchAndServe.bash(Self.firstCalls(base: base, skippingProfiles: true))
        #expect(run.succeeded, "\(run.output)")
        await app.see("✓ A.1 register")
        await app.see("✓ A.3 buy an access token")
        // The session came before any profile check: the goal says why, with the seed's words.
        await app.see("V2-ORDER-PROFILES-FIRST: POST /api/v2/ORBIT/sessions")
        #expect((await app.screen).contains("✗ BA.1 create an authentication"), "\(app.session.lastScreen)")
        #expect((await app.screen).contains("“The streaming application"), "\(app.session.lastScreen)")
        // The checklist's next goal is the first still pending: the profile check it skipped.
        await app.see("› B.3 check for a profile")
        // The Sequence tab marks the call the finding is about.
        try await app.press("Tab", "4")
        await app.see("✗ POST /sessions")
        // At 80×24 the checklist keeps the next goal in view.
        try await app.resize(80, 24)
        await app.see("› B.3 check for a")
        try await app.quit()
    }
}

/// The checklist, its hints and the summary in the trainee's language; protocol stays as it is.
@Suite(.needs(.tmux)) struct JourneyLabLanguages {
    @Test func theChecklistSpeaksSpanishAndTheHintKeepsTheRequest() async throws {
        let app = try await Journey.open(
            ["lab", "rest-v2-second-screen", "--port", "0", "--lang", "es"], window: .large, deviceState: false)
        await app.see("Laboratorio · REST API V2 en una se")
        await app.see("› A.1 registrar la app con su software")
        await app.see("· BA.3 consultar el perfil cada 3–5 s")
        try await app.press("h")
        await app.see("POST /o/client/register")
        await app.see("cabeceras: Content-Type:")
        await app.see("Envía el software")
        try await app.quit()
    }
}
