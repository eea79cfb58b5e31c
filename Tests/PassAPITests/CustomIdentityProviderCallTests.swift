import Testing

@testable import PassAPI

/// A call to an app's own identity provider says what it sends; only the device's id is left to
/// the client, which alone knows the running device.
@Suite struct CustomIdentityProviderCallTests {
    @Test func theDeviceCodeGrantNamesItsGrantAndThePollReadsStates() {
        let poll = CustomIdentityProviderCall.pollDeviceToken(deviceCode: "dc-1")
        #expect(poll.endpoint == .customToken && poll.answer == .devicePoll)
        #expect(
            poll.body
                == .form([
                    .init("grant_type", .text("urn:ietf:params:oauth:grant-type:device_code")),
                    .init("device_code", .text("dc-1")),
                ]))
        #expect(CustomIdentityProviderCall.deviceCode.body == .form([.init("deviceId", .deviceIdentifier)]))
    }

    @Test func singleSignOnAsksWithTheProviderAndTranslatesItsSAML() {
        let info = CustomIdentityProviderCall.info(provider: "tvsim.aurora")
        #expect(info.query == [.init("provider", .text("tvsim.aurora"))] && info.body == nil && info.answer == .info)
        let translate = CustomIdentityProviderCall.translate(saml: "<R/>", provider: "tvsim.aurora")
        #expect(translate.body == .translation(saml: "<R/>", provider: "tvsim.aurora"))
        #expect(translate.answer == .tokens && translate.endpoint == .customTranslate)
        #expect(CustomIdentityProviderCall.exchange(code: "c", redirectURI: "app://x").answer == .tokens)
    }
}
