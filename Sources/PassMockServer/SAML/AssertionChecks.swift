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
    /// Spends the assertion when it passes, so `replayScope` keeps each consumer's ledger apart,
    /// on `owner`'s quota, for as long as it could be accepted: until it expires or the request
    /// it answers does (`answersRequestUntil`), whichever comes first.
    func problem(
        with assertion: AssertionDocument, audience: String, replayScope: String, owner: String,
        answersRequestUntil requestExpiry: Int64
    ) throws(QuotaExceeded) -> String? {
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
        let validUntil = min(assertion.notOnOrAfter.milliseconds, requestExpiry)
        guard try backend.spendOnce("\(replayScope):\(assertion.responseID)", owner: owner, validUntil: validUntil)
        else { return "This SAML response was already used." }
        return nil
    }
}
