import Foundation
import LocatedJSON

/// One conformance rule, as a rule family file under `Rules/` states it: what it checks on a
/// client's exchanges, how bad a breach is, and the cookbook line it comes from.
public struct Rule: Decodable, Sendable, Equatable, Identifiable {
    public enum Severity: String, Decodable, Sendable, CaseIterable, Comparable {
        case error, warning, advice

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Where the rule comes from: a seed's step (quoted, translated into English when the seed
    /// is not) or Adobe's reference when the seeds are silent.
    public struct Source: Decodable, Sendable, Equatable {
        public let seed: String?
        public let reference: String?
        public let step: String
        /// The seed's line the quote is on, when the source names it.
        public let line: Int?
        public let quote: String
        public let translated: Bool?

        /// `seed 002, C.5`, `seed 002, C.1, line 116` or the reference's name and step.
        public var citation: String {
            let place = line.map { "\(step), line \($0)" } ?? step
            if let seed { return "seed \(seed), \(place)" }
            return "\(reference ?? "reference"), \(place)"
        }
    }

    /// What a rule checks; each kind has its evaluator in `Checks.swift`.
    public enum Check: Sendable, Equatable {
        /// Each call of `operations` carries `header` in `format` (when `condition` holds).
        case requiredHeader(operations: [String], header: String, format: HeaderFormat, when: Condition?)
        /// `operation` happens at most once per client.
        case once(operation: String)
        /// No new token while the last is still valid and no call was refused with 401.
        case tokenReuse(operation: String)
        /// After a call refused with 401, a new token (`operation`) before the next call.
        case renewAfterRefusal(operation: String)
        /// A call of `then` has a call of `first` before it.
        case before(first: [String], then: [String])
        /// Two polls of one code at least `minimumSeconds` apart.
        case pollingInterval(operations: [String], minimumSeconds: Double)
        /// After a 429, the next poll waits its `Retry-After`.
        case retryAfter(operations: [String])
        /// No poll after the profile came back or after the code's `notAfter`.
        case pollingStops(operations: [String])
        /// At most `maximum` resources per call.
        case resourceLimit(operations: [String], maximum: Int)
        /// A logout (`operations`) names an MVPD of the profiles the client was given by `profiles`.
        case logoutOfProfile(operations: [String], profiles: [String])
        /// No call of `operations` after one of `logout` without one of `signIn` between.
        case afterLogout(operations: [String], logout: [String], signIn: [String])
        /// `field` of the form decodes from Base64 once into XML.
        case samlEncodedOnce(operations: [String], field: String)
        /// A call of `operations` has before it a call of `profiles` that returned a profile.
        case afterAProfile(operations: [String], profiles: [String])
        /// No refresh token (`operation` with `grant_type=refresh_token`) the server had already
        /// taken, which it answers `invalid_grant`.
        case refreshOnce(operation: String)
        /// A client's calls are all of one API: REST API V2 or V1, never both.
        case oneAPI
        /// Each call of `operations` carries `parameter` (in its query, form or JSON body).
        case requiredParameter(operations: [String], parameter: String)
        /// After a call of `operation` answered with an `actionName` of `actions`, the client's
        /// next call of `next` is not one of `forbidden`.
        case afterAction(operation: String, actions: [String], next: [String], forbidden: [String])
        /// A call of `operations` names (in its partner status) a provider that the last
        /// `configuration` answer lists with `enablePlatformServices` and boarding `SUPPORTED`.
        case platformServicesEnabled(operations: [String], configuration: String)
        /// A call of `operations` names (as its path's last segment) an MVPD `id` of the last
        /// `configuration` answer.
        case configuredMVPD(operations: [String], configuration: String)
        /// No call of `operations` from a device of `platforms` (its `X-Device-Info` `osName`, or
        /// else its `User-Agent`).
        case notOnPlatform(operations: [String], platforms: [String])

        /// Whether the check needs a client's calls from its first one: a call "before" may simply
        /// be missing from a shortened history.
        var needsTheWholeHistory: Bool {
            switch self {
            case .before, .afterAProfile: true
            default: false
            }
        }

        /// Whether the check reads answer bodies (a profile returned, an `expires_in`), which a
        /// HAR may have left out.
        var readsAnswers: Bool {
            switch self {
            case .tokenReuse, .pollingStops, .afterLogout, .logoutOfProfile, .afterAProfile, .refreshOnce, .afterAction,
                .platformServicesEnabled, .configuredMVPD:
                true
            case .requiredHeader(_, _, _, let condition): condition != nil
            default: false
            }
        }

        /// Whether the check reads the access token a call carried, which a sanitized HAR
        /// strips with `Authorization`: which calls one app made, which a 401 refused.
        var readsTheAccessToken: Bool {
            switch self {
            case .renewAfterRefusal, .oneAPI: true
            default: false
            }
        }

        /// Every operation the check names.
        var operations: [String] {
            switch self {
            case .requiredHeader(let operations, _, _, _), .pollingInterval(let operations, _),
                .requiredParameter(let operations, _), .notOnPlatform(let operations, _),
                .retryAfter(let operations), .pollingStops(let operations), .resourceLimit(let operations, _),
                .samlEncodedOnce(let operations, _):
                operations
            case .once(let operation), .tokenReuse(let operation), .renewAfterRefusal(let operation),
                .refreshOnce(let operation):
                [operation]
            case .before(let first, let then): first + then
            case .oneAPI: []
            case .afterAction(let operation, _, let next, let forbidden): [operation] + next + forbidden
            case .platformServicesEnabled(let operations, let configuration),
                .configuredMVPD(let operations, let configuration):
                operations + [configuration]
            case .afterLogout(let operations, let logout, let signIn): operations + logout + signIn
            case .logoutOfProfile(let operations, let profiles), .afterAProfile(let operations, let profiles):
                operations + profiles
            }
        }
    }

    public enum HeaderFormat: String, Decodable, Sendable, CaseIterable {
        /// Present and not empty.
        case present
        /// `Bearer <token>`.
        case bearer
        /// `fingerprint <Base64>` (or another documented type) with a value.
        case deviceIdentifier
        /// A valid `X-Device-Info`, or else a `User-Agent` that names a device.
        case deviceInfoOrUserAgent
        /// Base64 JSON with access granted, a provider id and an expiry not past (a value that
        /// does not read at all is `partnerFrameworkStatusReadable`'s).
        case partnerFrameworkStatus
        /// When sent, Base64 of the partner framework status JSON.
        case partnerFrameworkStatusReadable
    }

    public enum Condition: String, Decodable, Sendable, CaseIterable {
        /// The profile in use is an Apple SSO one: a partner profile came back (`sso.profiles`),
        /// and no logout or other sign-in came since.
        case appleSSOProfile
    }

    public let id: String
    public let severity: Severity
    public let source: Source
    public let check: Check
    /// What to change, in a sentence.
    public let advice: String
    /// The family file it comes from.
    public internal(set) var family = ""

    enum CodingKeys: String, CodingKey {
        case id, severity, source, check, advice
    }
}

extension Rule.Check: Decodable {
    enum Kind: String, CaseIterable {
        case requiredHeader, once, tokenReuse, renewAfterRefusal, before, pollingInterval, retryAfter, pollingStops,
            resourceLimit
        case afterLogout, logoutOfProfile, samlEncodedOnce, afterAProfile, refreshOnce, oneAPI, requiredParameter
        case afterAction, platformServicesEnabled, configuredMVPD, notOnPlatform
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, operations, operation, header, format, when, first, then, minimumSeconds, maximum, logout
        case signIn, field, profiles, parameter, actions, next, forbidden, configuration, platforms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = Kind(rawValue: try container.decodeChoice(.kind, from: Kind.allCases.map(\.rawValue)))!
        func list(_ key: CodingKeys) throws -> [String] { try container.decode([String].self, forKey: key) }
        func text(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        switch kind {
        case .requiredHeader:
            let format = Rule.HeaderFormat(
                rawValue: try container.decodeChoice(.format, from: Rule.HeaderFormat.allCases.map(\.rawValue)))!
            let condition =
                try container.contains(.when)
                ? Rule.Condition(
                    rawValue: try container.decodeChoice(.when, from: Rule.Condition.allCases.map(\.rawValue))) : nil
            self = .requiredHeader(
                operations: try list(.operations), header: try text(.header), format: format, when: condition)
        case .once: self = .once(operation: try text(.operation))
        case .tokenReuse: self = .tokenReuse(operation: try text(.operation))
        case .renewAfterRefusal: self = .renewAfterRefusal(operation: try text(.operation))
        case .before: self = .before(first: try list(.first), then: try list(.then))
        case .pollingInterval:
            self = .pollingInterval(
                operations: try list(.operations),
                minimumSeconds: try container.decode(Double.self, forKey: .minimumSeconds))
        case .retryAfter: self = .retryAfter(operations: try list(.operations))
        case .pollingStops: self = .pollingStops(operations: try list(.operations))
        case .resourceLimit:
            self = .resourceLimit(
                operations: try list(.operations), maximum: try container.decode(Int.self, forKey: .maximum))
        case .afterLogout:
            self = .afterLogout(operations: try list(.operations), logout: try list(.logout), signIn: try list(.signIn))
        case .samlEncodedOnce: self = .samlEncodedOnce(operations: try list(.operations), field: try text(.field))
        case .logoutOfProfile:
            self = .logoutOfProfile(operations: try list(.operations), profiles: try list(.profiles))
        case .afterAProfile: self = .afterAProfile(operations: try list(.operations), profiles: try list(.profiles))
        case .refreshOnce: self = .refreshOnce(operation: try text(.operation))
        case .oneAPI: self = .oneAPI
        case .requiredParameter:
            self = .requiredParameter(operations: try list(.operations), parameter: try text(.parameter))
        case .afterAction:
            self = .afterAction(
                operation: try text(.operation), actions: try list(.actions), next: try list(.next),
                forbidden: try list(.forbidden))
        case .platformServicesEnabled:
            self = .platformServicesEnabled(operations: try list(.operations), configuration: try text(.configuration))
        case .configuredMVPD:
            self = .configuredMVPD(operations: try list(.operations), configuration: try text(.configuration))
        case .notOnPlatform: self = .notOnPlatform(operations: try list(.operations), platforms: try list(.platforms))
        }
    }
}
