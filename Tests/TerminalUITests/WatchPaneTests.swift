import FlowCore
import Localization
import Testing

@testable import TerminalUI

/// `tvsim watch` on screen: the address to point the app at, each client's progress and
/// findings where the device would be, and a key bar without the device's or the scenarios' keys.
@Suite struct WatchPaneTests {
    static func model(_ size: Size, language: Language = .english) -> UIModel {
        var model = UIModel(size: size, platform: .ios, integration: .restV2, appName: "Orbit TV")
        model.strings = Strings.of(language)
        _ = model.handle(
            .watchSummary(
                WatchSummary(
                    baseURL: "http://127.0.0.1:8080",
                    clients: [
                        .init(
                            name: "fingerprint Y3VybC1kZXZpY2UtMQ==", integration: "rest-v2", calls: 4,
                            lastStep: "BA.1", errors: 1, warnings: 2)
                    ])))
        return model
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 36)])
    func theWatchPaneShowsTheAddressAndEachClient(_ size: Size) {
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(Self.model(size)).text
        for shown in [
            "tvsim · watching http://127.0.0.1:8080", "Point the app under test at:", "http://127.0.0.1:8080",
            "fingerprint Y3VybC1kZXZpY2UtMQ==", "errors 1 · warnings 2", "f faults", "e export",
        ] {
            #expect(text.contains(shown), "\(size): \(shown)\n\(text)")
        }
        #expect(!text.contains("s scenarios"), "\(text)")
        #expect(!text.contains("Orbit TV on iPhone"), "\(text)")
    }

    @Test func theWatchPaneSpeaksTheLanguage() {
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(
            Self.model(Size(width: 120, height: 36), language: .spanish)
        ).text
        #expect(text.contains("Observando una app") && text.contains("errores 1 · avisos 2"), "\(text)")
    }

    /// No scenario, restart or code walk while watching: each key says so at once, and opens
    /// no menu that promises keys which cannot work there.
    @Test(arguments: ["s", "r", "k"] as [Character])
    func theScenarioKeysSayTheyAreNotForWatching(_ letter: Character) {
        var model = Self.model(Size(width: 120, height: 36))
        #expect(model.handle(.key(.character(letter))) == [])
        #expect(model.overlay == nil)
        #expect(model.flash == "Not while watching an app: quit and start tvsim to play scenarios.")
    }
}
