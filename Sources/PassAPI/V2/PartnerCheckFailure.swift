/// What `POST profiles/sso/{partner}` answers when the partner framework status fails the
/// partner single sign-on checks (access not granted, provider unknown or expired, or a
/// provider other than the SAML response's). Seed 002 and Adobe's error list disagree.
public enum PartnerCheckFailure: String, Codable, Sendable, CaseIterable {
    /// Seed 002, C.13: "the response will default to the basic profile retrieval flow": the
    /// profiles the device already has, as `GET /profiles` would answer, and no new one.
    case basicProfiles = "basic-profiles"
    /// Adobe's enhanced error codes: `400 invalid_header_pfs_…`.
    case error
}
