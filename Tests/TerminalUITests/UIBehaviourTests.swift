import FlowCore
import FlowRuntime
import Foundation
import HTTPTypes
import MockBackendAPI
import PassAPI
import Testing

@testable import TerminalUI
@testable import VSASimulator

@Suite struct PickerSearchTests {
    func pickerModel() -> UIModel {
        ScreenFixtures.model(.applePicker(ScreenFixtures.picker(.ios)), .ios, Size(width: 120, height: 36))
    }

    @Test func typingFiltersLiveAndSelectsTheFirstMatch() throws {
        var model = pickerModel()
        for character in "etoile" { _ = model.handle(.key(.character(character))) }
        let (query, selection) = try #require(Self.picker(model), "not the picker")
        #expect(query == "etoile")
        let rows = PickerRow.rows(ScreenFixtures.picker(.ios), query: query)
        #expect(rows[selection] == .provider(id: "p.etoile", name: "Câble Étoile"))
        #expect(Renderer(theme: ScreenFixtures.monoTheme).render(model).text.contains("Câble Étoile"))
        _ = model.handle(.key(.backspace))
        #expect(try #require(Self.picker(model), "not the picker").query == "etoil")
    }

    @Test func noMatchStillOffersOtherTVProvider() {
        let rows = PickerRow.rows(ScreenFixtures.picker(.ios), query: "zzz")
        #expect(rows.first == .note("No results for “zzz”"))
        #expect(rows.contains(.other))
    }

    @Test func enterAnswersWithTheSelectedProviderAndEscapeCancels() {
        var model = pickerModel()
        #expect(press(&model, .enter) == [.answer(1, .picker(.provider("p.aurora")))])
        var other = pickerModel()
        #expect(press(&other, .escape) == [.answer(1, .picker(.cancel))])
    }

    @Test func movingSkipsSectionHeaders() throws {
        var model = pickerModel()
        let rows = PickerRow.rows(ScreenFixtures.picker(.ios), query: "")
        for _ in 0..<3 { _ = model.handle(.key(.down)) }
        let selection = try #require(Self.picker(model), "not the picker").selection
        #expect(rows[selection].selectable)
        for _ in 0..<50 { _ = model.handle(.key(.down)) }
        let last = try #require(Self.picker(model), "not the picker").selection
        #expect(rows[last] == .other)
    }

    /// The picker's search text and selected row, or nil when the screen is another.
    static func picker(_ model: UIModel) -> (query: String, selection: Int)? {
        guard case .picker(let query, let selection) = model.screen else { return nil }
        return (query, selection)
    }
}

@Suite struct FocusTests {
    @Test func tabMovesTheKeyboardBetweenDeviceAndInspector() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        #expect(model.focus == .device)
        _ = model.handle(.key(.tab))
        #expect(model.focus == .inspector)
        _ = model.handle(.key(.character("2")))
        #expect(model.inspector.tab == .detail)
        _ = model.handle(.key(.character("f")))
        #expect(model.inspector.filter == .step)
        _ = model.handle(.key(.tab))
        #expect(model.focus == .device)
    }

    @Test func formFocusMovesAndTypingGoesToTheFocusedField() {
        let prompt = SignInPrompt(
            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable", error: nil)
        var model = ScreenFixtures.model(
            .providerSignIn(prompt, hints: ScreenFixtures.hints), .ios, Size(width: 80, height: 24))
        for character in "demo" { _ = model.handle(.key(.character(character))) }
        _ = model.handle(.key(.down))
        for character in "pw" { _ = model.handle(.key(.character(character))) }
        #expect(model.screen == .form(username: "demo", password: "pw", focus: 1))
        #expect(press(&model, .enter) == [.answer(1, .signIn(.credentials(username: "demo", password: "pw")))])
    }

    @Test func f3FillsDemoAccountsInTurn() {
        let prompt = SignInPrompt(
            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable", error: nil)
        var model = ScreenFixtures.model(
            .providerSignIn(prompt, hints: ScreenFixtures.hints), .ios, Size(width: 80, height: 24))
        _ = model.handle(.key(.function(3)))
        #expect(model.screen == .form(username: "demo", password: "demo", focus: 2))
        _ = model.handle(.key(.function(3)))
        #expect(model.screen == .form(username: "basic", password: "basic", focus: 2))
    }

    @Test func thePermissionAlertAnswersAllowDenyOrDismiss() {
        let prompt = UserRequest.permission(PermissionPrompt(app: ScreenFixtures.setup(.ios).identity))
        var allow = ScreenFixtures.model(prompt, .ios, Size(width: 80, height: 24))
        #expect(press(&allow, .enter) == [.answer(1, .permission(allowed: true))])
        var deny = ScreenFixtures.model(prompt, .ios, Size(width: 80, height: 24))
        _ = deny.handle(.key(.left))
        #expect(press(&deny, .enter) == [.answer(1, .permission(allowed: false))])
        var dismiss = ScreenFixtures.model(prompt, .ios, Size(width: 80, height: 24))
        #expect(press(&dismiss, .escape) == [.answer(1, .permission(allowed: nil))])
    }

    @Test func homeRowsStartSignInPlayAndSettings() {
        let setup = ScreenFixtures.setup(.tvos)
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: setup)), .tvos, Size(width: 120, height: 36))
        #expect(press(&model, .enter) == [.answer(1, .act(.signIn))])
        var play = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: setup)), .tvos, Size(width: 120, height: 36))
        _ = play.handle(.key(.down))
        #expect(press(&play, .enter) == [.answer(1, .act(.play("orbit-live")))])
        var settings = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: setup)), .tvos, Size(width: 120, height: 36))
        _ = settings.handle(.key(.character("g")))
        // On the app's access, under the signed-out device's row to choose a provider.
        #expect(settings.screen == .settings(selection: 1))
    }

    @Test func settingsOpensOnTheAppsAccessSoGEnterNeverSignsTheDeviceOut() {
        let setup = ScreenFixtures.setup(.tvos)
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: setup)), .tvos, Size(width: 120, height: 36))
        var device = SimulatedDevice(platform: .tvos, deviceIdentifier: "d")
        device.system.signIn = SystemSignIn(
            providerId: "AuroraCable", identityProvider: "AuroraCable", userDisplayName: "demo", userID: "u",
            providerSessionToken: "t", expiresAt: ScreenFixtures.now + 3_600_000)
        device.system.appAccess[setup.identity.bundleId] = .granted
        model.world.device = device
        _ = model.handle(.key(.character("g")))
        #expect(press(&model, .enter) == [.answer(1, .adjust(.setPermission(.denied)))])
    }

    @Test func theHomeScreenNamesTheProviderAndTheTVSettingsPath() {
        var signedIn = AppModel()
        signedIn.authentication = .authenticated(mvpd: "AuroraCable", type: .regular, notAfter: 0)
        var model = ScreenFixtures.model(
            .home(HomeView(app: signedIn, setup: ScreenFixtures.setup(.tvos))), .tvos, Size(width: 120, height: 36))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("Signed in · Aurora Cable"), "\(text)")
        #expect(text.contains("Settings › Accounts › TV Provider"), "\(text)")
        model.platform = .ios
        #expect(Renderer(theme: ScreenFixtures.monoTheme).render(model).text.contains("Settings › TV Provider"))
    }

    static let chooserCode = RegistrationCode(
        code: "ABCDEFG", activationPath: "/activate", notAfter: 0, mvpd: "Cascade")

    /// Apple TV's code screen showing `code`, its account chooser open (`c`) on the second account.
    static func accountChooserOnSecondAccount(_ code: RegistrationCode) -> UIModel {
        var model = ScreenFixtures.model(
            .registrationCode(code, activationURL: "http://x/activate"), .tvos, Size(width: 120, height: 36))
        _ = model.handle(.key(.character("c")))
        _ = model.handle(.key(.down))
        return model
    }

    @Test func theCodeScreenCompletesTheSecondScreenWithAChosenAccount() {
        var model = Self.accountChooserOnSecondAccount(Self.chooserCode)
        #expect(
            press(&model, .enter) == [
                .answer(1, .screen(.completeSecondScreen(username: "basic", password: "basic", mvpd: "Cascade")))
            ])
    }

    @Test func theAccountChooserStaysOpenWhenAPollShowsTheSameCodeAgain() {
        var code = Self.chooserCode
        var model = Self.accountChooserOnSecondAccount(code)
        code.polls += 1
        let poll = UserRequest.registrationCode(code, activationURL: "http://x/activate")
        _ = model.handle(.request(PendingRequest(id: 2, request: poll, autoplay: false)))
        #expect(model.screen == .code(chooser: 1))
        #expect(
            press(&model, .enter) == [
                .answer(2, .screen(.completeSecondScreen(username: "basic", password: "basic", mvpd: "Cascade")))
            ])
        let other = RegistrationCode(
            code: "HJKLMNP", activationPath: "/activate", notAfter: 0, mvpd: "Cascade")
        _ = model.handle(
            .request(
                PendingRequest(
                    id: 3, request: .registrationCode(other, activationURL: "http://x/activate"), autoplay: false)
            ))
        #expect(model.screen == .code(chooser: nil))
    }

    @Test func theAccountChooserStaysOpenAcrossThePollThatWithdrawsTheCodeScreen() {
        var code = Self.chooserCode
        var model = Self.accountChooserOnSecondAccount(code)
        // The timer wins the race with the user: the engine withdraws the request, polls, and
        // asks again with the same code.
        _ = model.handle(.withdrawn(1))
        code.polls += 1
        _ = model.handle(
            .request(
                PendingRequest(
                    id: 2, request: .registrationCode(code, activationURL: "http://x/activate"), autoplay: false)))
        #expect(model.screen == .code(chooser: 1))
        #expect(
            press(&model, .enter) == [
                .answer(2, .screen(.completeSecondScreen(username: "basic", password: "basic", mvpd: "Cascade")))
            ])
    }

    @Test func aLongListCountsTheSelectionAndLeavesItsLastRowWhole() {
        var rows = [ListRow("FEATURED", selectable: false)]
        rows += (1...40).map { ListRow("Provider \($0)") }
        rows.append(ListRow("About TV Provider & Privacy"))
        var canvas = Canvas(size: Size(width: 40, height: 10))
        canvas.list(rows, selected: 36, in: Rect(x: 0, y: 0, width: 40, height: 10))
        let lines = canvas.buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        // Row 36 is the 36th provider: the header does not count; 41 can be selected.
        #expect(lines.last?.hasSuffix("36/41") == true, "\(canvas.buffer.text)")
        canvas.list(rows, selected: 41, in: Rect(x: 0, y: 0, width: 40, height: 10))
        let last = canvas.buffer.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("About TV Provider & Privacy "), "\(last)")
        #expect(last.hasSuffix("41/41"), "\(last)")
    }

    @Test func atEightyColumnsTheTitleGivesWayToTheClockAndAutoplayKeepsHelp() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.tvos))), .tvos, Size(width: 80, height: 24))
        model.scenario = ScenarioStatus(name: "rest-v2-tvos-n003-second-screen", autoplay: true, pace: 1.5)
        let lines = Renderer(theme: ScreenFixtures.monoTheme).render(model).text.split(separator: "\n")
        let title = String(lines.first ?? "")
        #expect(title.hasSuffix("…  12:20:00 UTC "), "\(title)")
        #expect(lines.last?.contains("? help") == true, "\(lines.last ?? "")")
    }

    static func exchangeEntry(_ method: String, _ path: String, status: Int, label: String) -> TimelineEntry {
        let exchange = HTTPExchange(
            id: 1, operation: label, method: method, url: "http://127.0.0.1:1\(path)", requestHeaders: [:],
            requestBody: nil, status: status, responseHeaders: [:], responseBody: nil, startedAt: 0,
            durationMilliseconds: 4.25, failure: nil)
        return TimelineEntry(
            id: 1, time: 0, kind: .http, title: "\(method) \(path) → \(status)", durationMilliseconds: 4.25,
            exchange: exchange)
    }

    /// Preauthorize and authorize differ in the middle of their paths: what gives way first is the
    /// prefix every call shares (the API and the requestor), then the path for the operation's
    /// name, then the duration; the status always shows.
    @Test func aTimelineExchangeKeepsItsStatusAndWhatNamesTheCall() {
        let entry = Self.exchangeEntry(
            "POST", "/api/v2/ORBIT/decisions/preauthorize/AuroraCable", status: 200, label: "decisions.preauthorize")
        let titles = [80, 54, 40, 30, 20, 12, 6].map { InspectorRenderer.title(of: entry, width: $0) }
        #expect(
            titles == [
                "POST /api/v2/ORBIT/decisions/preauthorize/AuroraCable → 200  4.3 ms",
                "POST …/preauthorize/AuroraCable → 200  4.3 ms",
                "POST …/preauthorize/AuroraCable → 200",
                "decisions.preauthorize → 200",
                "decisions.pre… → 200",
                "decis… → 200",
                "→ 200",
            ], "\(titles)")
        for (title, width) in zip(titles, [80, 54, 40, 30, 20, 12, 6]) { #expect(DisplayWidth.of(title) <= width) }
    }

    /// On Apple TV at 80×24 the title has about thirteen columns: the status still shows.
    @Test func aNarrowTimelineRowStillShowsTheStatus() {
        let entry = Self.exchangeEntry("POST", "/o/client/register", status: 201, label: "dcr.register")
        #expect(InspectorRenderer.title(of: entry, width: 13) == "dcr.re… → 201")
        // Where the path does not fit, the operation's name alone, on every row alike.
        let token = Self.exchangeEntry("POST", "/o/client/token", status: 201, label: "dcr.token")
        #expect(InspectorRenderer.title(of: token, width: 21) == "dcr.token → 201")
        #expect(InspectorRenderer.title(of: entry, width: 21) == "dcr.register → 201")
        #expect(InspectorRenderer.title(of: entry, width: 29) == "POST /o/client/register → 201")
        let query = Self.exchangeEntry(
            "GET", "/api/v1/tokens/authn?deviceId=abc", status: 404, label: "v1.tokens.authn")
        #expect(InspectorRenderer.title(of: query, width: 30) == "GET …/v1/tokens/authn?… → 404")
    }

    @Test func aFlashFromBeforeTheClockStartsStaysForItsFullTime() {
        var model = UIModel(
            size: Size(width: 80, height: 24), platform: .ios, integration: .restV2, appName: "Orbit TV")
        model.flash = "No theme is named 'nosuch'; using the default theme."
        _ = model.handle(.tick(now: 0, world: WorldSnapshot()))
        // The session starts (no scenario), then the world's clock.
        _ = model.handle(
            .started(ScenarioStatus(), platform: .ios, integration: .restV2, appName: "Orbit TV", startTime: 0))
        _ = model.handle(.tick(now: 1_800_000_000_000, world: WorldSnapshot()))
        #expect(model.flash != nil)
        _ = model.handle(.tick(now: 1_800_000_005_000, world: WorldSnapshot()))
        #expect(model.flash != nil)
        _ = model.handle(.tick(now: 1_800_000_006_500, world: WorldSnapshot()))
        #expect(model.flash == nil)
    }

    @Test func aFailureThatLeavesTheAppHomeIsToldOnTheDevice() {
        for (status, expected) in [
            (StatusCode.metadataUnavailable, "not responding"), (.appleError, "did not work"),
            (.serverError(503), "unavailable"),
        ] {
            var model = ScreenFixtures.model(
                .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.tvos))), .tvos,
                Size(width: 120, height: 36))
            _ = model.handle(
                .timeline(TimelineEntry(id: 90, time: ScreenFixtures.now, kind: .user, title: "Taps Sign in")))
            _ = model.handle(
                .timeline(
                    TimelineEntry(
                        id: 91, time: ScreenFixtures.now, kind: .status, title: status.label(), status: status))
            )
            let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
            #expect(text.contains(expected) && text.contains("(\(status.id))"), "\(text)")
            // The next thing the user does clears it.
            _ = model.handle(.timeline(TimelineEntry(id: 92, time: ScreenFixtures.now, kind: .user, title: "Plays x")))
            #expect(!Renderer(theme: ScreenFixtures.monoTheme).render(model).text.contains("(\(status.id))"))
        }
    }

    @Test func theStepPaneExplainsACodeByItsCause() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        _ = model.handle(
            .timeline(
                TimelineEntry(
                    id: 95, time: ScreenFixtures.now, kind: .status, title: StatusCode.cancelled.label(),
                    detail: "The MVPD login was closed.", status: .cancelled)))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("N005: The MVPD login was closed."), "\(text)")
        #expect(!text.contains("picker"), "\(text)")
    }

    @Test func theHelpListsEveryKeyAndScrollsAtEightyByTwentyFour() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        _ = model.handle(.key(.character("?")))
        let keys = OverlayRenderer.helpLines(.english).map(\.text).joined(separator: "\n")
        for key in ["l ", "a / d", "Ctrl-L", "Home End", "F3", "c / n", "t / space"] {
            #expect(keys.contains(key), "\(key) is missing from the help")
        }
        let renderer = Renderer(theme: ScreenFixtures.monoTheme)
        let first = renderer.render(model).text
        #expect(first.contains("Everywhere") && !first.contains("Scenario menu"), "\(first)")
        _ = model.handle(.key(.character("x")))
        #expect(model.overlay == .help(HelpBox(scroll: 0)), "a key that means nothing here leaves the help open")
        for _ in 0..<40 { _ = model.handle(.key(.down)) }
        let last = renderer.render(model).text
        #expect(last.contains("esc") && last.contains("back to the menu, then close"), "\(last)")
        _ = model.handle(.key(.escape))
        #expect(model.overlay == nil)
    }

    /// A press before the world's first tick (the clock still reads 0) is confirmed by the
    /// same key afterwards, as any other.
    @Test func aRestartAskedBeforeTheFirstTickIsConfirmedAfterIt() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.now = 0
        #expect(press(&model, .character("r")) == [])
        _ = model.handle(.tick(now: ScreenFixtures.now, world: model.world))
        #expect(KeyHints.bar(for: model, width: 200).contains("r again: restart with a fresh device"))
        #expect(press(&model, .character("r")) == [.restart])
    }

    /// Restarting rewrites the device file and a scenario replaces the session: the first press
    /// says so in the key bar, the same key again within five seconds does it; a session where
    /// nothing happened yet goes at once.
    @Test func restartingAndReplacingTheSessionAreConfirmed() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        #expect(press(&model, .character("r")) == [])
        #expect(KeyHints.bar(for: model, width: 200).contains("r again: restart with a fresh device"))
        model.now += UIModel.confirmationMilliseconds
        #expect(press(&model, .character("r")) == [], "too late: it asks again")
        #expect(press(&model, .function(5)) == [.restart], "F5 is r")
        #expect(model.confirmation == nil)
        model.listScenarios(ScenarioCatalog.parsed())
        _ = press(&model, .character("s"))
        #expect(press(&model, .enter) == [])
        #expect(KeyHints.bar(for: model, width: 200).contains("⏎ again: replace the session now running"))
        #expect(press(&model, .enter).count == 1)
        var fresh = UIModel(
            size: Size(width: 120, height: 36), platform: .ios, integration: .restV2, appName: "Orbit TV")
        #expect(press(&fresh, .character("r")) == [.restart], "nothing to lose")
    }

    /// `tab` ends the typing and keeps the filter: `a` and `v` are keys again, `/` types on.
    @Test func theScenarioFilterCanBeLeftAndKept() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.listScenarios(ScenarioCatalog.parsed())
        _ = press(&model, .character("s"))
        _ = press(&model, .character("/"))
        for character in "tvos expiry" { _ = press(&model, .character(character)) }
        _ = press(&model, .tab)
        #expect(model.scenarioMenu?.query == "tvos expiry" && model.scenarioMenu?.isTyping == false)
        let first = model.visibleScenarios.first.map { model.scenarioNames[$0].name }
        var autoplay = model
        _ = press(&autoplay, .character("a"))
        #expect(press(&autoplay, .character("a")) == [.startScenario(first ?? "", autoplay: true)])
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("Filter: tvos expiry") && !text.contains("Filter: tvos expiry▏"), "\(text)")
        _ = press(&model, .character("/"))
        _ = press(&model, .character("!"))
        #expect(model.scenarioMenu?.query == "tvos expiry!")
        _ = press(&model, .tab)
        // esc drops the kept filter first, then closes the menu.
        _ = press(&model, .escape)
        #expect(model.scenarioMenu != nil && model.scenarioMenu?.query == nil)
        _ = press(&model, .escape)
        #expect(model.overlay == nil)
    }

    @Test func aScenarioStartedByHandSaysHowToOpenTheApp() {
        var model = UIModel(
            size: Size(width: 80, height: 24), platform: .ios, integration: .restV2, appName: "Orbit TV")
        model.now = ScreenFixtures.now
        let home = HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))
        _ = model.handle(.request(PendingRequest(id: 1, request: .home(home), autoplay: false)))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("Press l to open the app"), "\(text)")
        #expect(text.split(separator: "\n").last?.contains("l open the app") == true, "\(text)")
        #expect(press(&model, .character("l")) == [.answer(1, .act(.launch))])
        _ = model.handle(.timeline(TimelineEntry(id: 1, time: ScreenFixtures.now, kind: .user, title: "Opens the app")))
        #expect(Renderer(theme: ScreenFixtures.monoTheme).render(model).text.contains("Opening…"))
    }

    @Test func aRestartGivesTheKeysBackToTheDevice() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        _ = model.handle(.key(.tab))
        #expect(model.focus == .inspector)
        // The first r asks; the second restarts.
        #expect(press(&model, .character("r")) == [])
        #expect(press(&model, .character("r")) == [.restart])
        _ = model.handle(
            .started(ScenarioStatus(), platform: .ios, integration: .restV2, appName: "Orbit TV", startTime: 0))
        #expect(model.focus == .device)
    }

    @Test func aTimelineCodeShowsWithItsMeaning() {
        let entry = TimelineEntry(
            id: 1, time: 0, kind: .status, title: StatusCode.cancelled.label(), detail: "The code screen was closed.",
            status: .cancelled)
        #expect(InspectorRenderer.title(of: entry, width: 60) == "N005 · The code screen was closed.")
        #expect(InspectorRenderer.title(of: entry, width: 12).hasPrefix("N005 · The"))
    }

    @Test func presenterViewShowsTheDeviceAloneLargerAndCentred() {
        for platform in [DevicePlatform.ios, .tvos] {
            for size in [Size(width: 120, height: 36), Size(width: 80, height: 24)] {
                var model = ScreenFixtures.model(
                    .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(platform))), platform, size)
                let renderer = Renderer(theme: ScreenFixtures.monoTheme)
                _ = model.handle(.key(.character("z")))
                #expect(model.presenting)
                let lines = renderer.render(model).text.split(separator: "\n").map(String.init)
                #expect(!lines.joined().contains("Timeline"), "\(platform) \(size)")
                let frameTop = lines[1].trimmingCharacters(in: .whitespaces)
                #expect(DisplayWidth.of(frameTop) >= 50, "\(platform) \(size): \(frameTop)")
                #expect(lines.last?.contains("z leave presenter view") == true)
                #expect(lines.last?.contains("tab") == false)
                let layout = ScreenLayout(size: size, platform: platform, presenting: true)
                let normal = ScreenLayout(size: size, platform: platform)
                #expect(layout.devicePane.width > normal.devicePane.width)
                let left = layout.devicePane.x
                let right = size.width - layout.devicePane.maxX
                #expect(abs(left - right) <= 1, "\(platform) \(size): centred")
                _ = model.handle(.key(.character("z")))
                #expect(renderer.render(model).text.contains("Timeline"))
            }
        }
    }

    @Test func eExportsABugReportBesideTheTimeline() throws {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        #expect(press(&model, .character("e")) == [.exportReport(model.timeline, scenario: nil)])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try BugReport.write(
            model.timeline, scenario: "rest-v2-ios-apple-sso", in: directory.path,
            now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(paths.har.hasSuffix("tvsim-report-20270115T080000.har"), "\(paths.har)")
        let har = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: paths.har)))
        #expect(((har as? [String: Any])?["log"] as? [String: Any])?["version"] as? String == "1.2")
        let timeline = try JSONDecoder().decode(
            [TimelineEntry].self, from: Data(contentsOf: URL(fileURLWithPath: paths.timeline)))
        #expect(timeline == model.timeline)
    }

    @Test func theFaultsPanelAddsAndRemovesFaults() throws {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        #expect(press(&model, .character("f")) == [.listFaults])
        _ = model.handle(.key(.down))
        _ = model.handle(.key(.down))
        let http503 = try #require(FaultsPanel.kinds.firstIndex { $0 == .status(503, code: nil) })
        for _ in 0..<http503 { _ = model.handle(.key(.right)) }
        _ = model.handle(.key(.character("+")))
        let rule = try FaultRule(route: FaultsPanel.routes[2], fault: .status(503, code: nil), times: 2)
        #expect(press(&model, .enter) == [.addFault(rule), .listFaults])
        var added = rule
        added.id = 7
        _ = model.handle(.faults([added]))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("In force") && text.contains("#7  \(rule.route)  HTTP 503  2×"), "\(text)")
        // The panel covers the panes behind it: no border of theirs shows in its margins.
        for row in text.split(separator: "\n").dropFirst().dropLast() {
            #expect(row.last.map { $0 == " " } ?? true, "\(row)")
        }
        _ = model.handle(.key(.tab))
        #expect(press(&model, .character("x")) == [.removeFault(7), .listFaults])
        _ = model.handle(.key(.escape))
        #expect(model.overlay == nil)
    }

    /// Every fault the panel offers is a valid rule, and one a running `tvsim serve` (reached
    /// through its admin API as JSON) reads back as the same rule.
    @Test func everyFaultThePanelOffersIsAValidRuleThatTravelsAsJSON() throws {
        var panel = FaultsPanel()
        for kind in FaultsPanel.kinds.indices {
            panel.kind = kind
            let rule = try panel.rule.get()
            let travelled = try JSONDecoder().decode(FaultRule.self, from: JSONEncoder().encode(rule))
            #expect(travelled == rule, "\(FaultsPanel.name(of: FaultsPanel.kinds[kind], .english))")
        }
        #expect(FaultsPanel.kinds.count > 20, "the documented enhanced errors are offered")
    }

    @Test func theFaultsPanelOffersGarbageAndADribbledBody() throws {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        #expect(press(&model, .character("f")) == [.listFaults])
        let garbageKind = try #require(FaultsPanel.kinds.firstIndex { $0 == .garbage })
        for _ in 0..<garbageKind { _ = model.handle(.key(.right)) }
        let route = FaultsPanel.routes[0]
        var garbage = try FaultRule(route: route, fault: .garbage, times: 1)
        #expect(press(&model, .enter) == [.addFault(garbage), .listFaults])
        _ = model.handle(.key(.right))
        var dribble = try FaultRule(route: route, fault: .dribble(chunks: 5, durationMilliseconds: 3_000), times: 1)
        #expect(press(&model, .enter) == [.addFault(dribble), .listFaults])
        garbage.id = 3
        dribble.id = 4
        _ = model.handle(.faults([garbage, dribble]))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("#3  \(route)  garbage, then close  1×"), "\(text)")
        #expect(text.contains("#4  \(route)  body in 5 chunks over 3 s  1×"), "\(text)")
    }

    @Test func aFaultedAnswerIsMarkedInTheTimeline() {
        let exchange = HTTPExchange(
            id: 1, operation: "configuration", method: "GET", url: "http://127.0.0.1:1/api/v2/ORBIT/configuration",
            requestHeaders: [:], requestBody: nil, status: 503,
            responseHeaders: HTTPFields(pairs: [("X-Tvsim-Fault", "status#1")]), responseBody: nil, startedAt: 0,
            durationMilliseconds: 1, failure: nil)
        let entry = TimelineEntry(
            id: 1, time: 0, kind: .http, title: "GET /api/v2/ORBIT/configuration → 503", exchange: exchange)
        let title = InspectorRenderer.title(of: entry, width: 40)
        #expect(title.hasPrefix("⚡") && title.hasSuffix("→ 503"), "\(title)")
    }

    @Test func aScenarioPlayedByHandShowsTheStepItExpectsNext() async throws {
        let scenario = try ScenarioCatalog.resolve("rest-v2-ios-apple-sso")
        let script = ScriptedUser(steps: scenario.steps, personas: [])
        let home = UserRequest.home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios)))
        let first = script.expected(for: home)
        #expect(first == .act(.launch))
        // A different answer leaves the script where it was; the expected one moves it on.
        script.follow(home, answered: .act(.signIn))
        #expect(script.expected(for: home) == first)
        script.follow(home, answered: first)
        #expect(script.expected(for: home) != first)

        var model = ScreenFixtures.model(home, .ios, Size(width: 120, height: 36))
        _ = model.handle(.expectedStep(first))
        let bar = Renderer(theme: ScreenFixtures.monoTheme).render(model).text.split(separator: "\n").last ?? ""
        #expect(bar.contains("next: launch"), "\(bar)")
        // A provider is named as people know it, not by its id.
        _ = model.handle(.providerNames(["tvsim.aurora": "Aurora Cable"]))
        _ = model.handle(.expectedStep(.picker(.provider("tvsim.aurora"))))
        let picking = Renderer(theme: ScreenFixtures.monoTheme).render(model).text.split(separator: "\n").last ?? ""
        #expect(picking.contains("next: pick Aurora Cable"), "\(picking)")
    }

    @Test func anExpiredCodeSaysSoOnce() {
        for platform in [DevicePlatform.ios, .tvos] {
            let code = RegistrationCode(
                code: "ABCDEFG", activationPath: "/activate", notAfter: 1, mvpd: nil,
                status: .expired)
            let model = ScreenFixtures.model(
                .registrationCode(code, activationURL: "http://x/activate"), platform, Size(width: 120, height: 36))
            let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
            #expect(text.components(separatedBy: "This code has expired").count == 2, "\(text)")
            // Wrapped on the narrow phone, never cut.
            #expect(text.contains("try again.") && !text.contains("Get a new …"), "\(text)")
        }
    }

    @Test func aWithdrawnRequestLeavesTheScreen() {
        var model = ScreenFixtures.model(
            .notice(
                Notice(title: "t", message: "m"), behind: HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))),
            .ios, Size(width: 80, height: 24))
        _ = model.handle(.withdrawn(1))
        #expect(model.pending == nil)
        #expect(model.screen == .waiting)
    }

    @Test func globalKeysOpenHelpAndScenariosButNotWhileTyping() {
        var home = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        _ = home.handle(.key(.character("?")))
        #expect(home.overlay == .help(HelpBox(scroll: 0)))
        _ = home.handle(.key(.escape))
        #expect(home.overlay == nil)
        #expect(press(&home, .character("q")) == [.quit])
        var picker = ScreenFixtures.model(.applePicker(ScreenFixtures.picker(.ios)), .ios, Size(width: 80, height: 24))
        #expect(press(&picker, .character("q")).isEmpty)
        #expect(picker.overlay == nil)
    }
}

@Suite struct ResizeTests {
    @Test func everyScreenRendersAtAnySizeWithoutCrashing() {
        let renderer = Renderer(theme: ScreenFixtures.monoTheme)
        for platform in DevicePlatform.allCases {
            for (_, request, screen) in ScreenFixtures.screens(platform) {
                for width in stride(from: 1, through: 200, by: 13) {
                    for height in [1, 5, 23, 24, 36, 60] {
                        let model = ScreenFixtures.model(
                            request, platform, Size(width: width, height: height), screen: screen)
                        let buffer = renderer.render(model)
                        #expect(buffer.lines.count == height)
                        #expect(buffer.lines.allSatisfy { DisplayWidth.of($0) == width })
                    }
                }
            }
        }
    }

    @Test func aSmallWindowAsksToBeMadeLarger() {
        let model = ScreenFixtures.model(
            .notice(
                Notice(title: "t", message: "m"), behind: HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))),
            .ios, Size(width: 70, height: 20))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("Make the window larger"))
        #expect(text.contains("80×24"))
    }

    @Test func onlyChangedCellsAreRedrawnAfterASelectionMove() {
        let backend = MemoryBackend(size: Size(width: 120, height: 36))
        let renderer = Renderer(theme: ScreenFixtures.monoTheme)
        var model = ScreenFixtures.model(.applePicker(ScreenFixtures.picker(.ios)), .ios, backend.size)
        backend.present(renderer.render(model))
        let before = backend.bytesWritten
        _ = model.handle(.key(.down))
        backend.present(renderer.render(model))
        let moved = backend.bytesWritten - before
        #expect(moved > 0)
        #expect(moved < 400)
    }
}

/// Sends a key to a model and returns the commands (the #expect macro cannot infer a mutating call).
func press(_ model: inout UIModel, _ key: Key) -> [UICommand] {
    model.handle(.key(key))
}

@Suite struct ReturningToScreensTests {
    let setup = ScreenFixtures.setup(.ios)

    func home(_ app: AppModel, id: Int) -> UIMessage {
        .request(PendingRequest(id: id, request: .home(HomeView(app: app, setup: setup)), autoplay: false))
    }

    @Test func homeKeepsThePlayedTitleSelected() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: ScreenFixtures.signedInApp, setup: setup)), .ios, .init(width: 120, height: 36))
        // Signed in, home opens on the first title rather than on "Sign out".
        #expect(model.screen == .home(selection: 1))
        _ = model.handle(.key(.down))
        #expect(press(&model, .enter) == [.answer(1, .act(.play("deep-space")))])
        _ = model.handle(home(ScreenFixtures.signedInApp, id: 2))
        #expect(model.screen == .home(selection: 2))
    }

    /// A title played by the script (no key moved the cursor) is the one selected.
    @Test func anAutoplayedPlaySelectsTheTitleThatPlays() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: ScreenFixtures.signedInApp, setup: setup)), .ios, .init(width: 120, height: 36))
        #expect(model.screen == .home(selection: 1))
        var playing = ScreenFixtures.signedInApp
        playing.playing = AppModel.Playback(resource: "orbit-sports", tokenNotAfter: 1)
        let autoplayed = { (id: Int) in
            UIMessage.request(
                PendingRequest(id: id, request: .home(HomeView(app: playing, setup: setup)), autoplay: true))
        }
        _ = model.handle(autoplayed(2))
        #expect(model.screen == .home(selection: 3))
        // Handed over when the script ends, the home screen keeps the cursor there.
        _ = model.handle(home(playing, id: 3))
        #expect(model.screen == .home(selection: 3))
    }

    /// Single sign-on gave way because the provider did not answer: the app's picker says so,
    /// with the code; chosen by the user's own tap, it says nothing.
    @Test func theAppsPickerSaysWhySingleSignOnGaveWay() {
        let mvpds = [MvpdConfiguration(id: "Cascade", displayName: "Cascade Communications", logoUrl: "")]
        var model = ScreenFixtures.model(.mvpdPicker(mvpds, preselected: nil), .ios, .init(width: 80, height: 24))
        let render = { Renderer(theme: ScreenFixtures.monoTheme).render(model).text }
        #expect(!render().contains("⚠"), "\(render())")
        _ = model.handle(
            .timeline(
                TimelineEntry(
                    id: 90, time: ScreenFixtures.now, kind: .status, title: "VSA503", detail: nil,
                    status: .metadataUnavailable)))
        #expect(render().contains("⚠ Your TV provider did not"), "\(render())")
        #expect(render().contains("(VSA503)"), "\(render())")
        #expect(render().contains("Cascade Communications"), "the list still shows")
    }

    @Test func afterSigningInTheSelectionLeavesSignOut() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: setup)), .ios, .init(width: 120, height: 36))
        #expect(press(&model, .enter) == [.answer(1, .act(.signIn))])
        _ = model.handle(home(ScreenFixtures.signedInApp, id: 2))
        #expect(model.screen == .home(selection: 1))
    }

    @Test func aFailedSignInKeepsTheUserIDAndAsksForThePasswordAgain() {
        let prompt = SignInPrompt(
            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable", error: nil)
        var model = ScreenFixtures.model(.providerSignIn(prompt, hints: []), .ios, .init(width: 80, height: 24))
        for character in "demo" { _ = model.handle(.key(.character(character))) }
        _ = model.handle(.key(.down))
        for character in "oops" { _ = model.handle(.key(.character(character))) }
        _ = model.handle(.key(.enter))
        let failed = SignInPrompt(
            providerId: "p.aurora", providerName: "Aurora Cable", identityProvider: "AuroraCable",
            error: "The user ID or password is incorrect.")
        _ = model.handle(.request(PendingRequest(id: 2, request: .providerSignIn(failed, hints: []), autoplay: false)))
        #expect(model.screen == .form(username: "demo", password: "", focus: 1))
    }
}

@Suite struct InspectorKeysTests {
    func inspectorModel(entries: Int) -> UIModel {
        var model = ScreenFixtures.model(
            .notice(
                Notice(title: "t", message: "m"), behind: HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))),
            .ios, .init(width: 120, height: 36))
        model.timeline = []
        for index in 0..<entries {
            _ = model.handle(
                .timeline(
                    TimelineEntry(
                        id: index + 1, time: ScreenFixtures.now + Int64(index), kind: .note, title: "entry \(index)",
                        detail: String(repeating: "line\n", count: 100), durationMilliseconds: nil, exchange: nil,
                        status: nil, step: nil)))
        }
        _ = model.handle(.key(.tab))
        return model
    }

    @Test func theFirstUpHighlightsTheNewestEntryAndDownPastTheEndFollowsAgain() {
        var model = inspectorModel(entries: 5)
        #expect(model.inspector.selection == nil)
        _ = model.handle(.key(.up))
        #expect(model.inspector.selection == 4)
        _ = model.handle(.key(.up))
        #expect(model.inspector.selection == 3)
        _ = model.handle(.key(.down))
        _ = model.handle(.key(.down))
        #expect(model.inspector.selection == nil)
    }

    @Test func detailScrollingStopsAtTheLastLine() {
        var model = inspectorModel(entries: 1)
        _ = model.handle(.key(.character("2")))
        for _ in 0..<50 { _ = model.handle(.key(.pageDown)) }
        let bottom = model.inspector.detailScroll
        #expect(bottom == model.maxDetailScroll)
        #expect(bottom > 0)
        _ = model.handle(.key(.pageUp))
        #expect(model.inspector.detailScroll == bottom - 10)
    }
}

@Suite struct AutoplayAndBarTests {
    @Test func plusIsFasterAndMinusSlower() {
        var model = ScreenFixtures.model(
            .notice(
                Notice(title: "t", message: "m"), behind: HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))),
            .ios, .init(width: 120, height: 36))
        model.scenario = ScenarioStatus(name: "x", autoplay: true, pace: 2)
        #expect(press(&model, .character("+")) == [.setPace(1.5)])
        #expect(model.scenario.pace == 1.5)
        #expect(press(&model, .character("-")) == [.setPace(2)])
        #expect(press(&model, .character("-")) == [.setPace(3)])
        #expect(model.scenario.pace == 3)
    }

    @Test func aFlashGoesAwayAfterAFewSeconds() {
        var model = ScreenFixtures.model(
            .notice(
                Notice(title: "t", message: "m"), behind: HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))),
            .ios, .init(width: 120, height: 36))
        _ = model.handle(.flash("Hello"))
        _ = model.handle(.tick(now: ScreenFixtures.now, world: model.world))
        #expect(model.flash == "Hello")
        _ = model.handle(.tick(now: ScreenFixtures.now + UIModel.flashMilliseconds, world: model.world))
        #expect(model.flash == nil)
    }

    @Test func aLongFlashDropsGlobalHintsButKeepsHelp() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, .init(width: 80, height: 24))
        model.flash = "The scenario's steps are done. You have the controls."
        let bar = KeyHints.bar(for: model, width: 80)
        #expect(DisplayWidth.of(bar) <= 80)
        #expect(bar.contains("? help"))
        #expect(bar.hasPrefix(" The scenario's steps are done. You have the controls."))
        #expect(bar.contains("⏎ select"))
    }
}

@Suite struct ScenarioMenuTests {
    /// A broken built-in leaves the others in the menu and is shown, with its file and line.
    @Test func aBrokenBuiltInIsShownNotSilentlyDropped() throws {
        let good = try #require(ScenarioCatalog.entries.first)
        let path = "Sources/FlowRuntime/Scenarios/Catalog/rest-v2/rest-v2-broken.json"
        let broken = ScenarioCatalog.File(
            name: "rest-v2-broken", path: path,
            text: good.text.replacingOccurrences(of: "\"platform\": \"ios\"", with: "\"platform\": \"android\""))
        var model = UIModel(
            size: Size(width: 160, height: 48), platform: .ios, integration: .restV2, appName: "Orbit TV")
        model.listScenarios(ScenarioCatalog.parsed([good, broken]))
        #expect(model.scenarioNames.map(\.name) == [good.name])
        #expect(model.warnings.count == 1)
        #expect(model.warnings.first?.contains("\(path):3:15: field 'platform'") == true)
        #expect(model.flash?.hasPrefix("Broken built-in scenario") == true)
        model.inspector.tab = .state
        let state = StateText.lines(model, width: 60).map(\.0).joined(separator: "\n")
        #expect(state.contains("Warnings"))
        // Wrapped to the width, not cut.
        #expect(state.filter { !$0.isWhitespace }.contains("\(path):3:15:field'platform'"))
    }

    @Test func theScenarioMenuIsGroupedAndFilteredAsYouType() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.listScenarios(ScenarioCatalog.parsed())
        // Each integration and platform is one block.
        let groups = model.scenarioNames.map { "\($0.integration) \($0.platform)" }
        let blocks = groups.enumerated().filter { $0.offset == 0 || groups[$0.offset - 1] != $0.element }
        #expect(blocks.count == Set(groups).count)
        _ = model.handle(.key(.character("s")))
        _ = model.handle(.key(.character("/")))
        for character in "tvos expiry" { _ = model.handle(.key(.character(character))) }
        let visible = model.visibleScenarios.map { model.scenarioNames[$0] }
        #expect(visible.count >= 2)
        #expect(visible.allSatisfy { $0.platform == "tvos" && "\($0.name) \($0.description)".contains("xpir") })
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("Filter: tvos expiry") && text.contains("REST API V2 · APPLE TV"), "\(text)")
        // "a" is text while filtering, not autoplay; ⏎ plays the first match by hand (once
        // confirmed: it replaces the session now running).
        #expect(press(&model, .enter) == [])
        #expect(press(&model, .enter) == [.startScenario(visible[0].name, autoplay: false)])
        _ = model.handle(.key(.character("s")))
        _ = model.handle(.key(.character("/")))
        _ = model.handle(.key(.character("a")))
        #expect(model.scenarioMenu?.query == "a")
        _ = model.handle(.key(.escape))
        #expect(model.scenarioMenu?.query == nil)
        #expect(model.overlay != nil)
        _ = model.handle(.key(.escape))
        #expect(model.overlay == nil)
    }

    @Test func everyCodeOnEveryPlatformIsAtMostFourKeysFromHome() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        let catalog = ScenarioCatalog.parsed()
        model.listScenarios(catalog)
        for platform in DevicePlatform.allCases {
            let expected = Set(
                catalog.scenarios.filter { $0.platform == platform }.flatMap { $0.expect.codes ?? [] })
            let targets = model.codeTargets(on: platform, with: model.integration)
            #expect(Set(targets.map(\.code)) == expected, "\(platform)")
            #expect(Set(targets.map(\.key)).count == targets.count)
            // The documentation's order, whatever the catalog reaches: the keys stay put.
            let listed = StatusCode.all.map(\.id).filter(expected.contains)
            #expect(Array(targets.map(\.code).prefix(listed.count)) == listed, "\(platform)")
            #expect(targets.dropFirst(listed.count).allSatisfy { $0.code.hasPrefix("CFG5") }, "\(platform)")
            for target in targets {
                var walk = model
                // k, then ← for the other platform, then the code's key: three keys at most.
                _ = walk.handle(.key(.character("k")))
                if platform != model.platform { _ = walk.handle(.key(.right)) }
                #expect(
                    press(&walk, .character(target.key)) == [.startScenario(target.scenario, autoplay: true)],
                    "\(platform) \(target.code)")
                #expect(catalog.scenarios.first { $0.name == target.scenario }?.platform == platform)
                #expect(walk.codeWalk == .walking(to: target.code))
            }
        }
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(
            {
                var shown = model
                _ = shown.handle(.key(.character("k")))
                return shown
            }()
        ).text
        #expect(text.contains("Reach a code on iPhone with REST API V2") && text.contains("VSA503"), "\(text)")
        // Each row says what its code means.
        #expect(text.contains("VSA403      The TV Provider permission is denied"), "\(text)")
    }

    /// ↑↓ switch the integration the menu is for, as ←→ switch the platform: its own scenarios
    /// come first.
    @Test func theCodesMenuSwitchesIntegration() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.listScenarios(ScenarioCatalog.parsed())
        _ = press(&model, .character("k"))
        #expect(model.overlay == .codes(CodesMenu(.ios, .restV2)))
        _ = press(&model, .down)
        #expect(model.overlay == .codes(CodesMenu(.ios, .restV1)))
        _ = press(&model, .up)
        _ = press(&model, .up)
        #expect(model.overlay == .codes(CodesMenu(.ios, .customIdP)))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("with Custom identity provider"), "\(text)")
        let targets = model.codeTargets(on: .ios, with: .customIdP)
        #expect(targets.first { $0.code == "N000" }?.scenario.hasPrefix("custom-idp-") == true)
    }

    /// Each key walks the plainest scenario of its code: one named after it, reaching it first.
    @Test func eachCodeKeyWalksThePlainestScenarioOfItsCode() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.listScenarios(ScenarioCatalog.parsed())
        let targets = Dictionary(
            uniqueKeysWithValues: model.codeTargets(on: .ios, with: .restV2).map { ($0.code, $0.scenario) })
        #expect(targets["N005"] == "rest-v2-ios-n005-apple-picker")
        #expect(targets["VSA404"] == "rest-v2-ios-vsa404-dismissed")
        #expect(targets["Z100"] == "rest-v2-ios-denied-no-package")
        #expect(targets["N003"] == "rest-v2-ios-n003-web-login")
        // A code reached in every scenario goes to the one with the fewest codes.
        #expect(
            UIModel.plainness(of: "Z100", in: ["Z100"], name: "a-b")
                < UIModel.plainness(of: "Z100", in: ["N000", "Z100"], name: "a"))
    }

    @Test func reachingTheTargetCodeIsAnnounced() {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 80, height: 24))
        model.codeWalk = .walking(to: "VSA503")
        model.scenario.autoplay = true
        let commands = model.handle(
            .timeline(
                TimelineEntry(
                    id: 70, time: ScreenFixtures.now, kind: .status, title: "VSA503",
                    detail: "The provider did not answer.", status: .metadataUnavailable)))
        // The code's meaning, not this occurrence's account of it, and it stays while paused.
        #expect(model.reachedCode == .metadataUnavailable)
        model.now += UIModel.flashMilliseconds * 2
        _ = model.handle(.tick(now: model.now, world: model.world))
        let bar = KeyHints.bar(for: model, width: 200)
        #expect(
            bar.contains("VSA503 reached: The communication with the Video Subscriber Account framework failed during"),
            "\(bar)")
        #expect(model.codeWalk == .reached(.metadataUnavailable))
        // The walk stops there.
        #expect(commands == [.takeOver])
        #expect(!model.scenario.autoplay)
        // Until the flow goes on.
        _ = model.handle(
            .request(
                PendingRequest(
                    id: 3, request: .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), autoplay: false
                )))
        _ = model.handle(.key(.enter))
        #expect(model.reachedCode == nil)
    }

    @Test func theShippedCatalogFillsTheMenuWithoutWarnings() {
        var model = UIModel(
            size: Size(width: 80, height: 24), platform: .ios, integration: .restV2, appName: "Orbit TV")
        model.listScenarios(ScenarioCatalog.parsed())
        #expect(model.scenarioNames.count == ScenarioCatalog.entries.count)
        #expect(model.warnings.isEmpty)
        #expect(model.flash == nil)
    }
}
