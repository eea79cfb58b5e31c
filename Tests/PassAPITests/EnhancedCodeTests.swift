import Testing

@testable import PassAPI

/// An enhanced code is read in the list of the API that answered it: the two lists share names.
@Suite struct EnhancedCodeTests {
    @Test func aSharedNameIsReadInTheListOfTheAnsweringAPI() {
        let shared = "authorization_denied_by_mvpd"
        #expect(EnhancedCode(shared, answeredBy: .restV2) == .v2(.authorizationDeniedByMvpd))
        #expect(EnhancedCode(shared, answeredBy: .restV1) == .v1(.authorizationDeniedByMvpd))
        #expect(EnhancedCode(shared, answeredBy: .restV1) != EnhancedCode(shared, answeredBy: .restV2))
    }

    @Test func aCodeOfTheOtherListOrOfNoneIsUnlisted() {
        #expect(EnhancedCode("invalid_requestor", answeredBy: .restV2) == .unlisted("invalid_requestor"))
        #expect(EnhancedCode("internal_server_error", answeredBy: .restV1) == .unlisted("internal_server_error"))
        #expect(EnhancedCode("a_code_of_tomorrow", answeredBy: .restV2) == .unlisted("a_code_of_tomorrow"))
    }

    @Test func everyListedCodeTravelsAsItsOwnText() {
        for code in ErrorCode.allCases {
            #expect(EnhancedCode(code.rawValue, answeredBy: .restV2).description == code.rawValue)
        }
        for code in V1ErrorCode.allCases {
            #expect(EnhancedCode(code.rawValue, answeredBy: .restV1).description == code.rawValue)
        }
        #expect(EnhancedCode.unlisted("x_y").description == "x_y")
    }
}
