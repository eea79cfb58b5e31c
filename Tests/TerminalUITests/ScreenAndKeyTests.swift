import FlowCore
import FlowRuntime
import Foundation
import HTTPTypes
import Localization
import MockBackendAPI
import PassAPI
import Testing

@testable import TerminalUI
@testable import VSASimulator

// What a presenter, a trainer and a QA engineer see and press, screen by screen: the Step pane,
// keys around a take-over, codes in Detail, a world that fails, help, the code's letters, failed
// calls, the timeline's language, notices and provider names.

/// The Step pane explains the row the trainer looks at, whole or with a visible way to the rest;
/// Detail names the step behind each call; every global action has a key that a text field does
/// not take.
@Suite struct StepPaneTests {
    static let home = UserRequest.home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.tvos)))

    /// A session that went through profiles (B.3, a call, N000), then asked the framework again
    /// (B.1, whose explanation is the longest of the cookbook, then a call).
    static func model(_ size: Size) -> UIModel {
        var model = ScreenFixtures.model(home, .tvos, size)
        model.timeline = []
        let entries: [(TimelineEntry.Kind, String, StatusCode?, CookbookStep?)] = [
            (.step, RestV2Steps.retrieveProfiles.label, nil, RestV2Steps.retrieveProfiles),
            (.http, "GET /api/v2/ORBIT/profiles → 200", nil, nil),
            (.status, "N000", .notAuthenticated, nil),
            (.step, RestV2Steps.silentPartnerStatus.label, nil, RestV2Steps.silentPartnerStatus),
            (.http, "GET /api/v2/ORBIT/configuration → 200", nil, nil),
        ]
        for (index, (kind, title, status, step)) in entries.enumerated() {
            let exchange =
                kind == .http
                ? HTTPExchange(
                    id: index, operation: "call", method: "GET", url: "http://127.0.0.1:1/x", requestHeaders: [:],
                    requestBody: nil, status: 200, responseHeaders: [:], responseBody: nil, startedAt: 0,
                    durationMilliseconds: 1, failure: nil) : nil
            _ = model.handle(
                .timeline(
                    TimelineEntry(
                        id: index + 1, time: ScreenFixtures.now, kind: kind, title: title, detail: nil,
                        durationMilliseconds: nil, exchange: exchange, status: status, step: step)))
        }
        return model
    }

    static func stepPane(_ model: UIModel) -> String {
        let buffer = Renderer(theme: ScreenFixtures.monoTheme).render(model)
        let pane = model.layout.stepPane
        return (pane.y..<pane.maxY).map { y in
            (pane.x..<pane.maxX).map { buffer[$0, y].grapheme }.joined()
        }.joined(separator: "\n")
    }

    @Test func thePaneFollowsTheSelectedRowAndShowsTheCodeReachedByThen() {
        var model = Self.model(Size(width: 120, height: 36))
        #expect(Self.stepPane(model).contains(RestV2Steps.silentPartnerStatus.label))
        #expect(!Self.stepPane(model).contains("N000"), "the code came before this step")
        model.focus = .inspector
        for _ in 0..<3 { _ = press(&model, .up) }
        #expect(model.selectedEntry?.title == "N000")
        let pane = Self.stepPane(model)
        #expect(pane.contains(RestV2Steps.retrieveProfiles.label), "\(pane)")
        #expect(pane.contains("N000"), "\(pane)")
    }

    @Test func anExplanationThatDoesNotFitEndsInAnEllipsisAndNamesItsKey() throws {
        // Apple TV at 80×24 leaves a narrow pane: B.1's explanation does not fit in it.
        var model = Self.model(Size(width: 80, height: 24))
        let pane = Self.stepPane(model)
        #expect(pane.contains("…"), "\(pane)")
        #expect(pane.contains("F9 whole text"), "\(pane)")
        _ = press(&model, .function(9))
        #expect(model.focus == .inspector && model.inspector.tab == .detail)
        #expect(model.selectedEntry?.step == RestV2Steps.silentPartnerStatus)
        let detail = model.inspectorLines(width: 30).map(\.0).joined(separator: " ")
        let explanation = RestV2Steps.silentPartnerStatus.explanation(in: model.strings)
        #expect(
            detail.split(separator: " ").joined(separator: " ").contains(
                explanation.split(separator: " ").joined(separator: " ")), "\(detail)")
    }

    @Test func aWideWindowShowsTheWholeExplanationWithoutAMark() {
        let pane = Self.stepPane(Self.model(Size(width: 120, height: 36)))
        #expect(!pane.contains("F9"), "\(pane)")
        #expect(!pane.contains("…"), "\(pane)")
    }

    @Test func detailNamesTheStepThatMadeACall() {
        var model = Self.model(Size(width: 120, height: 36))
        model.focus = .inspector
        _ = press(&model, .up)
        #expect(model.selectedEntry?.kind == .http)
        _ = press(&model, .character("2"))
        let detail = model.inspectorLines(width: 70).map(\.0)
        #expect(detail.contains("Cookbook step: \(RestV2Steps.silentPartnerStatus.label)"), "\(detail)")
    }

    /// On the picker letters are text: `k` goes into the search, F4 opens the codes menu.
    @Test func everyGlobalActionHasAFunctionKeyThatWorksWhileTyping() {
        var model = ScreenFixtures.model(.applePicker(ScreenFixtures.picker(.ios)), .ios, Size(width: 120, height: 36))
        #expect(model.isTyping)
        _ = press(&model, .character("k"))
        #expect(model.overlay == nil)
        #expect({ if case .picker(query: "k", _) = model.screen { true } else { false } }(), "\(model.screen)")
        _ = press(&model, .function(4))
        #expect(model.overlay == .codes(CodesMenu(.ios, .restV2)))
        model.overlay = nil
        _ = press(&model, .function(6))
        #expect(model.overlay == .faults(FaultsPanel()))
        model.overlay = nil
        #expect(press(&model, .function(7)) == [.exportReport(model.timeline, scenario: nil)])
        _ = press(&model, .function(8))
        #expect(model.presenting)
        let help = Renderer(theme: ScreenFixtures.monoTheme).render(
            {
                var shown = model; shown.overlay = .help(HelpBox(scroll: 0)); shown.presenting = false; return shown
            }()
        ).text
        for key in ["k / F4", "f / F6", "e / F7", "z / F8", "F9"] { #expect(help.contains(key), "\(key)") }
    }
}

/// When a walk to a code stops at it (or the user takes over), the script's last screen is still
/// up for a moment: keys pressed then are answered on the question that follows, never dropped.
@Suite struct TakeOverKeyTests {
    static let prompt = UserRequest.permission(PermissionPrompt(app: ScreenFixtures.setup(.ios).identity))

    static func reachedCode() -> (UIModel, [UICommand]) {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
        model.scenario = ScenarioStatus(name: "rest-v2-ios-vsa404", autoplay: true, pace: 1.5)
        model.codeWalk = .walking(to: "N000")
        _ = model.handle(.request(PendingRequest(id: 7, request: prompt, autoplay: true)))
        let commands = model.handle(
            .timeline(
                TimelineEntry(
                    id: 99, time: ScreenFixtures.now, kind: .status, title: "N000", detail: nil,
                    durationMilliseconds: nil, exchange: nil, status: .notAuthenticated, step: nil)))
        return (model, commands)
    }

    @Test func keysPressedRightAfterReachingACodeAnswerTheNextQuestion() {
        var (model, commands) = Self.reachedCode()
        #expect(commands == [.takeOver])
        #expect(press(&model, .character("d")) == [])
        _ = model.handle(.withdrawn(7))
        #expect(press(&model, .escape) == [])
        #expect(model.heldKeys == [.character("d"), .escape])
        let answered = model.handle(.request(PendingRequest(id: 8, request: Self.prompt, autoplay: false)))
        #expect(answered == [UICommand.answer(8, .permission(allowed: false))], "\(answered)")
        // esc came after the answer: it is for the next question.
        #expect(model.heldKeys == [.escape])
        let next = model.handle(.request(PendingRequest(id: 9, request: Self.prompt, autoplay: false)))
        #expect(next == [UICommand.answer(9, .permission(allowed: nil))], "\(next)")
        #expect(model.heldKeys.isEmpty)
        #expect(!model.awaitsUserAfterTakeOver)
    }

    @Test func quittingIsNeverHeld() {
        var (model, _) = Self.reachedCode()
        #expect(press(&model, .character("q")) == [.quit])
    }

    /// F10 quits from a menu or panel too, where letters are the menu's own.
    @Test func quitsFunctionKeyWorksInEveryMenu() {
        let (model, _) = Self.reachedCode()
        for open in ["k", "f", "s", "?"] as [Character] {
            var shown = model
            _ = press(&shown, .character(open))
            #expect(shown.overlay != nil, "\(open)")
            #expect(press(&shown, .function(10)) == [.quit], "\(open)")
        }
    }
}

@Suite struct StatusDetailTests {
    /// Detail of a code names it once, with whose code it is, then what it means.
    @Test func detailOfAnAppDecisionSaysWhoseCodeItIsOnce() {
        let decision = StatusCode.otherProvider
        var entry = TimelineEntry(
            id: 1, time: 0, kind: .status, title: "N003 (the SDK's code for this decision)", detail: nil,
            durationMilliseconds: nil, exchange: nil, status: decision, step: nil)
        entry.statusOrigin = .appDecision
        let text = DetailText.lines(for: entry, width: 200).map(\.0).joined(separator: "\n")
        #expect(text.components(separatedBy: "the SDK's code for this decision").count == 2, "\(text)")
        #expect(text.contains(decision.meaning(in: .english)), "\(text)")
    }
}

@Suite struct WorldFailureTests {
    /// `tvsim --requestor NOPE`: the device says the back end could not start, and why, whole.
    @Test func aWorldThatCannotStartSaysWhyOnTheDevice() {
        var model = UIModel(
            size: Size(width: 80, height: 24), platform: .ios, integration: .restV2, appName: "Orbit TV")
        _ = model.handle(.worldFailed("unknown requestor 'NOPE' (the back end has ORBIT, ORBITLITE)"))
        _ = model.handle(.ended(.finished))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(text.contains("The back end could not start."), "\(text)")
        #expect(
            text.contains("unknown requestor 'NOPE' (the") && text.contains("back end has ORBIT, ORBITLITE)"), "\(text)"
        )
        #expect(!text.contains("The scenario is over"), "\(text)")
    }
}

@Suite struct HelpBoxTests {
    /// The help lists every key, including the menus' and the faults panel's, and wraps what does
    /// not fit rather than cutting it.
    @Test(arguments: [Size(width: 120, height: 36), Size(width: 80, height: 24)])
    func theHelpListsEveryKeyWhole(_ size: Size) {
        var model = ScreenFixtures.model(
            .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, size)
        let (box, lines) = OverlayRenderer.helpBox(in: model.layout.body, model.strings)
        #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= box.width - 4 })
        let keys = lines.map(\.text).joined(separator: "\n")
        for key in ["/ ", "+ / -", "x ", "Home End", "F9", "tab"] { #expect(keys.contains(key), "\(key)") }
        // Scrolled to its end, the last line shows and nothing is cut with an ellipsis.
        model.overlay = .help(HelpBox(scroll: model.maxHelpScroll))
        let buffer = Renderer(theme: ScreenFixtures.monoTheme).render(model)
        let text = (box.y..<box.maxY).map { y in (box.x..<box.maxX).map { buffer[$0, y].grapheme }.joined() }
            .joined(separator: "\n")
        #expect(text.contains(lines.last?.text.trimmingCharacters(in: .whitespaces) ?? "?"), "\(text)")
        #expect(!text.contains("…"), "\(text)")
    }

    /// End and Home in Detail go to its end and its top.
    @Test func endInDetailGoesToTheEnd() {
        var model = StepPaneTests.model(Size(width: 80, height: 24))
        let headers = HTTPFields(pairs: (1...30).map { ("X-Header-\($0)", "value \($0)") })
        let exchange = HTTPExchange(
            id: 50, operation: "call", method: "GET", url: "http://127.0.0.1:1/x", requestHeaders: headers,
            requestBody: nil, status: 200, responseHeaders: [:], responseBody: nil, startedAt: 0,
            durationMilliseconds: 1, failure: nil)
        _ = model.handle(
            .timeline(
                TimelineEntry(
                    id: 50, time: ScreenFixtures.now, kind: .http, title: "GET /x → 200", detail: nil,
                    durationMilliseconds: 1, exchange: exchange, status: nil, step: nil)))
        model.focus = .inspector
        _ = press(&model, .up)
        _ = press(&model, .character("2"))
        _ = press(&model, .end)
        #expect(model.inspector.detailScroll == model.maxDetailScroll && model.maxDetailScroll > 0)
        _ = press(&model, .home)
        #expect(model.inspector.detailScroll == 0)
    }
}

@Suite struct BigTextTests {
    /// A user copies the code from the TV: no two characters a code can hold may look alike.
    @Test func everyCodeCharacterHasItsOwnShape() {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var seen: [[String]: Character] = [:]
        for character in alphabet {
            let glyph = BigText.glyphs[character] ?? []
            #expect(glyph.count == 3, "\(character)")
            #expect(seen[glyph] == nil, "\(character) looks like \(seen[glyph].map(String.init) ?? "")")
            seen[glyph] = character
        }
    }
}

@Suite struct FailedCallColourTests {
    /// A failed call's status is drawn in the error colour, not only its kind.
    @Test func aFailedCallsStatusIsInTheErrorColour() throws {
        var model = StepPaneTests.model(Size(width: 120, height: 36))
        let exchange = HTTPExchange(
            id: 60, operation: "web.form", method: "POST", url: "http://127.0.0.1:1/custom-idp/ORBIT/login",
            requestHeaders: [:], requestBody: nil, status: 401, responseHeaders: [:], responseBody: nil, startedAt: 0,
            durationMilliseconds: 4, failure: nil)
        _ = model.handle(
            .timeline(
                TimelineEntry(
                    id: 60, time: ScreenFixtures.now, kind: .http, title: "POST /custom-idp/ORBIT/login → 401",
                    detail: nil, durationMilliseconds: 4, exchange: exchange, status: nil, step: nil)))
        let buffer = Renderer(theme: ScreenFixtures.monoTheme).render(model)
        let lines = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)
        let y = try #require(lines.firstIndex { $0.contains("→ 401") })
        let columns = Array(String(lines[y]))
        let x = try #require(columns.firstIndex(of: "→"))
        #expect(buffer[x, y].style.foreground == .error)
        #expect(buffer[x + 2, y].style.foreground == .error, "the status after the arrow")
    }
}

@Suite struct TimelineLanguageTests {
    /// What the user does and what the screen shows follow the session's language; the
    /// recorded title (and so `tvsim run` and `--json`) stays English.
    @Test func userAndScreenRowsFollowTheSessionsLanguage() {
        var entry = TimelineEntry(id: 1, time: 0, kind: .user, title: "Taps Sign in")
        entry.phrase = TimelinePhrase("user.signIn")
        #expect(entry.title(in: .english) == "Taps Sign in")
        #expect(InspectorRenderer.title(of: entry, width: 60, strings: Strings.of(.spanish)) == "Toca Iniciar sesión")
        var screen = TimelineEntry(id: 2, time: 0, kind: .screen, title: "Registration code WVFD9NR")
        screen.phrase = TimelinePhrase("screen.registrationCode", ["code": "WVFD9NR"])
        #expect(
            InspectorRenderer.title(of: screen, width: 60, strings: Strings.of(.russian))
                == "Регистрационный код WVFD9NR")
    }

    /// Every phrase the flows use has its English text equal to the title they record.
    @Test func aPhrasesEnglishIsTheRecordedTitle() {
        let timeline = Timeline(now: { 0 })
        let entry = timeline.append(.user, TimelinePhrase("user.play", ["title": "deep-space"]))
        #expect(entry.title == "Plays deep-space")
        #expect(entry.phrase == TimelinePhrase("user.play", ["title": "deep-space"]))
    }
}

@Suite struct NoticeBehindTests {
    /// After an Apple SSO logout the notice (VSA203) stands over the home as it is now: signed
    /// out, not as it was before the logout.
    @Test func theHomeBehindANoticeIsTheAppAsItIsNow() {
        let setup = ScreenFixtures.setup(.ios)
        var model = ScreenFixtures.model(
            .home(HomeView(app: ScreenFixtures.signedInApp, setup: setup)), .ios, Size(width: 120, height: 36))
        let notice = Notice(title: "Signed out of Orbit TV", message: "Still signed in to your TV provider.")
        var signedOut = AppModel()
        signedOut.authentication = .notAuthenticated
        _ = model.handle(
            .request(
                PendingRequest(
                    id: 9, request: .notice(notice, behind: HomeView(app: signedOut, setup: setup)), autoplay: false)))
        let text = Renderer(theme: ScreenFixtures.monoTheme).render(model).text
        #expect(!text.contains("Signed in ·"), "\(text)")
        #expect(text.contains("Not signed in"), "\(text)")
    }
}

@Suite struct ProviderNameTests {
    /// An own identity provider's session names the framework's provider id: the app shows the
    /// provider's name for it, as for an MVPD id.
    @Test func providersAreNamedByMvpdIdAndByProviderId() throws {
        let json = """
            [{"id": "AuroraCable", "displayName": "Aurora Cable", "platformMappingId": "tvsim.aurora",
              "enablePlatformServices": true, "displayInPlatformPicker": true, "integrationEnabled": true,
              "ssoEnabled": true, "logoutSupported": true, "identityProviderAvailable": true, "isTempPass": false,
              "personas": []}]
            """
        let mvpds = try JSONDecoder().decode([ServerInfo.Mvpd].self, from: Data(json.utf8))
        let names = TerminalApp.providerNames(mvpds)
        #expect(names == ["AuroraCable": "Aurora Cable", "tvsim.aurora": "Aurora Cable"])
    }
}

/// The keys that work on every screen are one table: the help, the key bar and the Keys article
/// say what the handler does.
@Suite struct GlobalKeyTableTests {
    static let article: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent("Sources/tvsim/Documentation.docc/Keys.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test func theKeysArticleHasARowForEveryGlobalKey() throws {
        #expect(!Self.article.isEmpty)
        for key in GlobalKey.all where key.named == nil {
            let cells = [key.letter.map { "`\($0)`" }, key.functionKey.map { "`F\($0)`" }].compactMap { $0 }
            let row = "| " + cells.joined(separator: " or ") + " |"
            #expect(Self.article.contains(row), "Keys.md has no row \(row)")
            if let number = key.functionKey {
                #expect(Self.article.contains("`F\(number)` "), "Keys.md's list of function keys lacks F\(number)")
            }
        }
    }

    @Test func theHelpListsEveryGlobalKeyAndEachLetterAndFunctionKeyIsOneActions() {
        let lines = OverlayRenderer.helpLines(Strings.english).map(\.text)
        for key in GlobalKey.all {
            #expect(lines.contains { $0.hasPrefix(key.label + " ") }, "the help lacks \(key.label)")
        }
        let letters = GlobalKey.all.compactMap(\.letter)
        let functionKeys = GlobalKey.all.compactMap(\.functionKey)
        #expect(Set(letters).count == letters.count)
        #expect(Set(functionKeys).count == functionKeys.count)
    }

    @Test func aFunctionKeyDoesWhatItsLetterDoes() throws {
        for key in GlobalKey.all where key.letter != nil && key.functionKey != nil && key.action != .quit {
            var byLetter = ScreenFixtures.model(
                .home(HomeView(app: AppModel(), setup: ScreenFixtures.setup(.ios))), .ios, Size(width: 120, height: 36))
            var byFunction = byLetter
            let letterCommands = byLetter.handle(.key(.character(try #require(key.letter))))
            let functionCommands = byFunction.handle(.key(.function(try #require(key.functionKey))))
            #expect(letterCommands.count == functionCommands.count, "\(key.label)")
            #expect(byLetter.overlay == byFunction.overlay, "\(key.label)")
            #expect(byLetter.presenting == byFunction.presenting, "\(key.label)")
        }
    }
}

/// Each device screen's keys are one table: the handler, the key bar, the help and the Keys
/// article read it, and no key of a screen is shadowed by a global one.
@Suite struct DeviceKeyTableTests {
    /// Every key a device screen names, with the screen's name for the messages.
    static let screens: [(String, [Key])] = [
        ("home", DeviceKeys.home.keys.flatMap { $0.presses.map(\.key) }),
        ("settings", DeviceKeys.settings.keys.flatMap { $0.presses.map(\.key) }),
        ("permission", DeviceKeys.permission.keys.flatMap { $0.presses.map(\.key) }),
        ("picker", DeviceKeys.picker(.tvos).keys.flatMap { $0.presses.map(\.key) }),
        ("form", DeviceKeys.form.keys.flatMap { $0.presses.map(\.key) }),
        ("mvpd picker", DeviceKeys.mvpdPicker.keys.flatMap { $0.presses.map(\.key) }),
        ("code", DeviceKeys.code.keys.flatMap { $0.presses.map(\.key) }),
        ("code chooser", DeviceKeys.codeChooser.keys.flatMap { $0.presses.map(\.key) }),
        ("notice", DeviceKeys.notice.keys.flatMap { $0.presses.map(\.key) }),
    ]

    @Test func noScreenNamesAKeyTwiceOrALetterThatIsGlobal() {
        let globalLetters = Set(GlobalKey.all.compactMap(\.letter))
        let globalFunctionKeys = Set(GlobalKey.all.compactMap(\.functionKey))
        for (screen, keys) in Self.screens {
            #expect(Set(keys).count == keys.count, "\(screen) names a key twice")
            for key in keys {
                if case .character(let letter) = key {
                    #expect(!globalLetters.contains(letter), "\(screen): \(letter)")
                }
                if case .function(let number) = key {
                    #expect(!globalFunctionKeys.contains(number), "\(screen): F\(number)")
                }
            }
        }
    }

    @Test func theKeysArticleNamesEveryLetterAndFunctionKeyOfTheDevice() throws {
        let article = GlobalKeyTableTests.article
        let start = try #require(article.range(of: "**On the device:**"))
        let end = try #require(article.range(of: "**In the inspector:**"))
        let section = String(article[start.upperBound..<end.lowerBound])
        for (screen, keys) in Self.screens {
            for key in keys {
                switch key {
                case .character(" "): #expect(section.contains("space"), "\(screen): space")
                case .character(let letter): #expect(section.contains("`\(letter)`"), "\(screen): \(letter)")
                case .function(let number): #expect(section.contains("`F\(number)`"), "\(screen): F\(number)")
                default: break
                }
            }
        }
    }

    @Test func theHelpSaysEachLineOnceAndTheBarOffersWhatTheTableHints() {
        let lines = DeviceKeys.helpLines
        #expect(Set(lines.map(\.action)).count == lines.count)
        let help = OverlayRenderer.helpLines(Strings.english).map(\.text)
        for line in lines { #expect(help.contains { $0.hasPrefix(line.keys + " ") }, "the help lacks \(line.keys)") }
        #expect(DeviceKeys.picker(.tvos).hints.map(\.action) == ["bar.search", "bar.move", "bar.pick", "bar.back"])
        #expect(DeviceKeys.picker(.ios).hints.map(\.action) == ["bar.search", "bar.move", "bar.pick", "bar.cancel"])
    }
}

/// The inspector's, autoplay's and the overlays' keys are tables too.
@Suite struct PanelKeyTableTests {
    static func keys<Action>(_ table: ScreenKeys<Action>) -> [Key] { table.keys.flatMap { $0.presses.map(\.key) } }

    @Test func noPanelNamesAKeyTwice() {
        let tables: [(String, [Key])] = [
            ("inspector", Self.keys(PanelKeys.inspector)), ("autoplay", Self.keys(PanelKeys.autoplay)),
            ("menu", Self.keys(PanelKeys.menu(filtered: false))), ("filter", Self.keys(PanelKeys.menuFilter)),
            ("comparison", Self.keys(PanelKeys.comparison)), ("faults", Self.keys(PanelKeys.faults)),
            ("codes", Self.keys(PanelKeys.codes)), ("help", Self.keys(PanelKeys.help)),
        ]
        for (panel, keys) in tables { #expect(Set(keys).count == keys.count, "\(panel) names a key twice") }
    }

    @Test func theKeysArticleNamesTheInspectorsAndAutoplaysLetters() throws {
        let article = GlobalKeyTableTests.article
        let start = try #require(article.range(of: "**In the inspector:**"))
        let section = String(article[start.upperBound...])
        for key in Self.keys(PanelKeys.inspector) + Self.keys(PanelKeys.autoplay) {
            guard case .character(let letter) = key, letter != " " else { continue }
            #expect(section.contains("`\(letter)`"), "Keys.md's inspector or autoplay table lacks \(letter)")
        }
    }

    /// Autoplay takes, of the global keys, only those that leave it or look at it.
    @Test func autoplayOffersItsOwnKeysThenTheWayOut() {
        #expect(PanelKeys.autoplay.hints.map(\.action) == ["bar.takeOver", "bar.pace"])
        #expect(PanelKeys.autoplay.action(for: .character("q")) == .global(.quit))
        #expect(PanelKeys.autoplay.action(for: .character("f")) == nil)
    }
}
