import Testing

@testable import FlowCore

/// The SDK's callbacks are facts in the reducers; the timeline spells them as the SDK's
/// documentation does.
@Suite struct SDKCallbackTests {
    @Test func eachCallbackIsSpelledAsTheSDKNamesIt() {
        let spelled: [(SDKCallback, String)] = [
            (.setRequestorComplete(.success), "setRequestorComplete(ACCESS_ENABLER_STATUS_SUCCESS)"),
            (.setAuthenticationStatus(authenticated: true, .none), "setAuthenticationStatus(1, \"\")"),
            (.setAuthenticationStatus(authenticated: false, .logout), "setAuthenticationStatus(0, \"Logout\")"),
            (
                .status(.registrationCode, registrationCode: "ABC1234"),
                "status(errorId=REGCODE, level=info, code=ABC1234)"
            ),
            (.status(.otherProvider, registrationCode: nil), "status(errorId=N003, level=info)"),
            (.presentTvProviderDialog, "presentTvProviderDialog(VSViewServiceHostViewController)"),
            (.displayProviderDialog(mvpdCount: 3), "displayProviderDialog([3 MVPD objects])"),
            (.setMetadataStatus(tokenSource: "Apple"), "setMetadataStatus(tokenSource=Apple)"),
            (.navigateToUrl("https://x", useSVC: true), "navigateToUrl:useSVC(https://x, true)"),
            (.preauthorizedResources(["a", "b"]), "preauthorizedResources([a, b])"),
            (.setToken(token: "PHNpZ25hdHVyZUluZm8+", resource: "show"), "setToken(PHNpZ25hdHVyZUlu…, show)"),
            (
                .tokenRequestFailed(resource: "show", description: "No."),
                "tokenRequestFailed(show, USER_NOT_AUTHORIZED_ERROR, \"No.\")"
            ),
            (
                .sendTrackingData(event: "TRACKING_GET_SELECTED_PROVIDER", data: ["Cascade", "true"]),
                "sendTrackingData(TRACKING_GET_SELECTED_PROVIDER, [\"Cascade\", true])"
            ),
        ]
        for (callback, text) in spelled {
            #expect("\(callback.name)(\(callback.arguments))" == text)
        }
    }
}
