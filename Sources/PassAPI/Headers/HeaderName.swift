/// Header names of the Adobe Pass APIs, in their documented spelling. Matching is always
/// case-insensitive (clients send `ap-device-identifier` too).
public enum HeaderName {
    public static let authorization = "Authorization"
    public static let deviceIdentifier = "AP-Device-Identifier"
    public static let deviceInfo = "X-Device-Info"
    public static let partnerFrameworkStatus = "AP-Partner-Framework-Status"
    public static let visitorIdentifier = "AP-Visitor-Identifier"
    public static let tempPassIdentity = "AP-TempPass-Identity"
    public static let forwardedFor = "X-Forwarded-For"
    public static let subjectToken = "Adobe-Subject-Token"
    public static let serviceToken = "AD-Service-Token"
    public static let requestId = "Adobe-Request-Id"
    public static let retryAfter = "Retry-After"
    /// tvsim's own: on an answer a fault rule shaped, which one (`status#3`).
    public static let fault = "X-Tvsim-Fault"
}
