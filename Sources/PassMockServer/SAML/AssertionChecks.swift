import Foundation

/// The checks every consumer of a mock identity provider's assertion makes once it has matched
/// the assertion to a request of its own: audience, signature, validity window and one use.
/// Adobe's `/profiles/sso/Apple` and a programmer's `/saml/translate` share them, so both refuse
/// a forged, stale or replayed answer in the same words.
struct AssertionChecks {
    let backend: MockBackend

    /// Clocks of the identity provider and the service provider may disagree by this much.
    static let allowedSkew: TimeInterval = 60

    /// Why `assertion` cannot be used by the service provider `audience`, or nil when it can.
    /// Spends the assertion when it passes, so `replayScope` keeps each consumer's ledger apart.
    func problem(with assertion: AssertionDocument, audience: String, replayScope: String) -> String? {
        guard assertion.audience == audience else {
            return "The assertion's audience is '\(assertion.audience ?? "")', not '\(audience)'."
        }
        guard assertion.hasValidSignature(backend.signer) else {
            return "The assertion's signature does not match its content."
        }
        let now = backend.now
        guard now >= assertion.notBefore.addingTimeInterval(-Self.allowedSkew) else {
            return "The assertion is not valid yet."
        }
        guard now < assertion.notOnOrAfter else { return "The assertion has expired." }
        switch backend.store.spendOnce(
            "\(replayScope):\(assertion.responseID)", validUntil: assertion.notOnOrAfter.milliseconds,
            nowMilliseconds: backend.nowMilliseconds)
        {
        case .spent: return nil
        case .replay: return "This SAML response was already used."
        case .full: return ServerStore.fullExplanation
        }
    }
}
