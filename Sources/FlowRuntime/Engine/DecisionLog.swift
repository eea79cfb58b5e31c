import FlowCore
import PassAPI

/// One authorization answer: permit, or deny with its code.
public struct DecisionRecord: Sendable, Equatable, Codable, CustomStringConvertible {
    public let resource: String
    public let authorized: Bool
    public let code: String?

    public var description: String { authorized ? "permit \(resource)" : "deny \(resource) \(code ?? "")" }
}

/// Every authorization answer of a run, in order: the service's, and the app's own (a custom
/// identity provider's entitlements). Scenario expectations read it.
struct DecisionLog: Sendable {
    private(set) var records: [DecisionRecord] = []

    mutating func note(_ note: FlowNote) {
        guard case .decision(let resource, let authorized, let code) = note else { return }
        records.append(DecisionRecord(resource: resource, authorized: authorized, code: code))
    }

    /// The answer to an authorization call; other calls decide nothing.
    mutating func answer(_ result: APIResult, to call: APICall) {
        switch call {
        case .v2(let call) where call.endpoint == .authorize: record(result, resources: call.resources)
        case .v1(let call) where call.endpoint == .v1Authorize: record(result, resources: call.resources)
        default: break
        }
    }

    private mutating func record(_ result: APIResult, resources: [String]) {
        switch result {
        case .decisions(let response):
            records += response.decisions.map {
                DecisionRecord(resource: $0.resource, authorized: $0.authorized, code: $0.error?.code)
            }
        case .v1Authorized(let authorization):
            // REST API V1 answers one title per call: a 200 is the permit.
            records.append(DecisionRecord(resource: authorization.resource, authorized: true, code: nil))
        case .failed(let failure):
            records += resources.map {
                DecisionRecord(
                    resource: $0, authorized: false,
                    code: failure.enhancedCode?.description ?? failure.httpStatus.map { "http \($0)" } ?? "error")
            }
        default:
            break
        }
    }
}
