import HTTPTypes
import PassAPI

/// Adobe's header names, checked and lower-cased once: building an `HTTPField.Name` from a
/// string validates and folds it, which on every lookup of every request showed in profiles.
extension HTTPField.Name {
    static let deviceIdentifier = named(HeaderName.deviceIdentifier)
    static let deviceInfo = named(HeaderName.deviceInfo)
    static let partnerFrameworkStatus = named(HeaderName.partnerFrameworkStatus)
    static let visitorIdentifier = named(HeaderName.visitorIdentifier)
    static let tempPassIdentity = named(HeaderName.tempPassIdentity)
    static let forwardedFor = named(HeaderName.forwardedFor)
    static let subjectToken = named(HeaderName.subjectToken)
    static let serviceToken = named(HeaderName.serviceToken)
    static let requestId = named(HeaderName.requestId)
    static let fault = named(HeaderName.fault)
    static let secFetchSite = named("Sec-Fetch-Site")

    private static func named(_ name: String) -> HTTPField.Name {
        guard let checked = HTTPField.Name(name) else { preconditionFailure("\(name) is not a header name") }
        return checked
    }
}

extension HTTPFields {
    /// The value of `name`, as `self[name]` gives it: repeated fields joined with ", ". A field
    /// sent once is read directly; the subscript joins through generic code whose cost showed
    /// on every lookup of every request.
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            if found != nil { return self[name] }
            found = field.value
        }
        return found
    }
}
