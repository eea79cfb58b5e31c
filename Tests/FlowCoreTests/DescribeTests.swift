import Testing

@testable import FlowCore

/// Notes name events and phases by their cases, never by the values in them.
@Suite struct DescribeTests {
    @Test func casesAreNamedWithoutTheirValues() {
        let secret = PassErrorSummary(kind: .transport, httpStatus: nil, message: "Bearer eyJsecret")
        #expect(describe(Event.api(.failed(secret))) == "api.failed")
        #expect(describe(Event.timer(.poll)) == "timer.poll")
        #expect(describe(RestV2Flow.Phase.registering(.launch)) == "registering.launch")
        #expect(describe(RestV2Flow.Phase.idle) == "idle")
        #expect(describe(RestV2Flow.Phase.loggingOut("Cascade")) == "loggingOut")
    }
}
