import Foundation
import PassAPI
import Testing

@testable import FlowCore

/// The codes are a closed set: only the set's codes are made or read, and two codes are equal
/// when they are the same code, whoever raised them.
@Suite struct StatusCodeTests {
    @Test func onlyTheSetsCodesAreMadeFromTheirNames() {
        for code in StatusCode.all { #expect(StatusCode(id: code.id) == code) }
        #expect(StatusCode(id: "CFG502") == .serverError(502))
        for unknown in ["N999", "cfg500", "CFG", "CFG5000", "CFG099", "", "N003 "] {
            #expect(StatusCode(id: unknown) == nil, "\(unknown)")
        }
    }

    @Test func onlyTheSetsCodesAreReadFromJSONWithTheSetsLevel() throws {
        let read = try JSONDecoder().decode(StatusCode.self, from: Data(#"{"id": "Z100", "level": "info"}"#.utf8))
        #expect(read == .authorizationDenied && read.level == .error)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StatusCode.self, from: Data(#"{"id": "N042", "level": "info"}"#.utf8))
        }
    }

    /// Who raised a code is the record's: marking an app's decision keeps the code itself.
    @Test func anAppsDecisionRaisesTheSameCode() {
        let raised = Effect.record(.status(.otherProvider, details: nil)).atAppDecision
        #expect(raised == .record(.status(.otherProvider, details: nil, origin: .appDecision)))
        guard case .record(.status(let code, _, _)) = raised else { return }
        #expect(code == .otherProvider)
    }

    /// An unknown requestor is CFG400 in either API, by each API's own code; any other failure of
    /// the configuration is the server's, by its status.
    @Test func aConfigurationFailureIsReadInTheAnsweringAPIsCodes() {
        func failure(_ code: EnhancedCode, status: Int = 400) -> PassErrorSummary {
            PassErrorSummary(kind: .enhanced(code, action: .configuration), httpStatus: status, message: "\(code)")
        }
        #expect(StatusCode.forConfigurationFailure(failure(.v2(.invalidParameterServiceProvider))) == .invalidRequestor)
        #expect(StatusCode.forConfigurationFailure(failure(.v1(.invalidRequestor))) == .invalidRequestor)
        #expect(StatusCode.forConfigurationFailure(failure(.unlisted("invalid_requestor"))) == .serverError(400))
        #expect(
            StatusCode.forConfigurationFailure(failure(.v2(.internalServerError), status: 503)) == .serverError(503))
    }
}
