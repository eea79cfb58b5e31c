/// `VSAccountMetadataRequest`: what an app asks the system about the user's TV-provider account.
public struct MetadataRequest: Codable, Sendable, Equatable {
    public var isInterruptionAllowed: Bool
    /// Empty means every provider of the storefront.
    public var supportedAccountProviderIdentifiers: [String]
    public var featuredAccountProviderIdentifiers: [String]
    /// The provider verifies the app with it; Adobe's flows put the SAML AuthnRequest here.
    public var verificationToken: String?
    /// SAML attributes for the attribute query; empty means no SAML response.
    public var attributeNames: [String]
    public var includeAccountProviderIdentifier: Bool
    public var includeAuthenticationExpirationDate: Bool
    public var localizedVideoTitle: String?
    public var forceAuthentication: Bool
    public var channelIdentifier: String?

    public init(
        isInterruptionAllowed: Bool = false, supportedAccountProviderIdentifiers: [String] = [],
        featuredAccountProviderIdentifiers: [String] = [], verificationToken: String? = nil,
        attributeNames: [String] = [], includeAccountProviderIdentifier: Bool = false,
        includeAuthenticationExpirationDate: Bool = false, localizedVideoTitle: String? = nil,
        forceAuthentication: Bool = false, channelIdentifier: String? = nil
    ) {
        self.isInterruptionAllowed = isInterruptionAllowed
        self.supportedAccountProviderIdentifiers = supportedAccountProviderIdentifiers
        self.featuredAccountProviderIdentifiers = featuredAccountProviderIdentifiers
        self.verificationToken = verificationToken
        self.attributeNames = attributeNames
        self.includeAccountProviderIdentifier = includeAccountProviderIdentifier
        self.includeAuthenticationExpirationDate = includeAuthenticationExpirationDate
        self.localizedVideoTitle = localizedVideoTitle
        self.forceAuthentication = forceAuthentication
        self.channelIdentifier = channelIdentifier
    }

    /// Whether the answer needs the provider's SAML attribute query.
    var needsAttributeQuery: Bool { !attributeNames.isEmpty || verificationToken != nil }
}

/// `VSAccountMetadata`.
public struct AccountMetadata: Codable, Sendable, Equatable {
    public var accountProviderIdentifier: String?
    /// Epoch milliseconds.
    public var authenticationExpirationDate: Int64?
    public var samlAttributeQueryResponse: String?

    public init(
        accountProviderIdentifier: String? = nil, authenticationExpirationDate: Int64? = nil,
        samlAttributeQueryResponse: String? = nil
    ) {
        self.accountProviderIdentifier = accountProviderIdentifier
        self.authenticationExpirationDate = authenticationExpirationDate
        self.samlAttributeQueryResponse = samlAttributeQueryResponse
    }
}

/// `VSErrorCode`.
public enum VSErrorCode: Int, Codable, Sendable, CaseIterable {
    case accessNotGranted = 0
    case unsupportedProvider = 1
    case userCancelled = 2
    case serviceTemporarilyUnavailable = 3
    case providerRejected = 4
    case invalidVerificationToken = 5
    case rejected = 6
    case unsupported = 7

    public var name: String {
        switch self {
        case .accessNotGranted: "accessNotGranted"
        case .unsupportedProvider: "unsupportedProvider"
        case .userCancelled: "userCancelled"
        case .serviceTemporarilyUnavailable: "serviceTemporarilyUnavailable"
        case .providerRejected: "providerRejected"
        case .invalidVerificationToken: "invalidVerificationToken"
        case .rejected: "rejected"
        case .unsupported: "unsupported"
        }
    }
}

/// A `VSError` with its user info.
public struct VSError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    public var code: VSErrorCode
    /// `VSErrorInfoKeyUnsupportedProviderIdentifier`: the provider the user picked or is signed in
    /// with, when the app does not support it.
    public var unsupportedProviderIdentifier: String?
    public var message: String
    /// For `userCancelled`, which screen the user left: the real framework does not say, the
    /// simulation knows, and the timeline tells a trainee.
    public var cancelledScreen: CancelledScreen?

    public enum CancelledScreen: String, Codable, Sendable {
        case picker, providerSignIn
    }

    public init(
        _ code: VSErrorCode, unsupportedProviderIdentifier: String? = nil, message: String,
        cancelledScreen: CancelledScreen? = nil
    ) {
        self.code = code
        self.unsupportedProviderIdentifier = unsupportedProviderIdentifier
        self.message = message
        self.cancelledScreen = cancelledScreen
    }

    public var description: String {
        "VSErrorDomain \(code.rawValue) (\(code.name))"
            + (unsupportedProviderIdentifier.map { ", VSErrorInfoKeyUnsupportedProviderIdentifier=\($0)" } ?? "")
            + ": \(message)"
    }
}
