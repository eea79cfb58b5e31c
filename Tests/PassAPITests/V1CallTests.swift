import Testing

@testable import PassAPI

/// A REST API V1 call says every field it sends, in order, leaving to the client only what the
/// client knows (the requestor and the device).
@Suite struct V1CallTests {
    @Test func aDecisionNamesItsResourcesAndTheDevice() {
        let call = V1Call.preauthorize(resources: ["news", "movies"])
        #expect(call.endpoint == .v1Preauthorize && call.answer == .preauthorization)
        #expect(call.resources == ["news", "movies"])
        #expect(
            call.query.map(\.name) == ["requestor", "deviceId", "device_info", "resource"]
                && call.query.prefix(3).map(\.value) == [.requestor, .deviceIdentifier, .deviceInfo])
        #expect(V1Call.authorize(resource: "news").resources == ["news"])
        #expect(V1Call.userMetadata.resources.isEmpty)
    }

    @Test func aTokenExchangeIsAFormAnsweredByNoContent() {
        let call = V1Call.tokenExchange(mvpd: "Aurora", deviceType: .tvOS, samlResponse: "PHNhbWw+")
        #expect(call.query.isEmpty && call.success == [204] && call.answer == .tokenExchange)
        #expect(
            call.form == [
                .init("requestor", .requestor), .init("deviceId", .deviceIdentifier), .init("mvpd", .text("Aurora")),
                .init("deviceType", .text("tvOS")), .init("SAMLResponse", .text("PHNhbWw+")),
            ])
    }

    @Test func pathValuesFollowTheEndpointsTemplate() {
        #expect(V1Call.configuration.values == [.requestor])
        #expect(V1Call.profileRequest(mvpd: "Aurora", deviceType: .iOS).values == [.requestor, .text("Aurora")])
        #expect(V1Call.createRegistrationCode(mvpd: nil).form?.map(\.name) == ["deviceId", "device_info"])
        #expect(V1Call.createRegistrationCode(mvpd: nil).success == [200, 201])
    }
}
