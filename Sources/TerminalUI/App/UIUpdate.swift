import FlowCore
import FlowRuntime
import Foundation
import Labs
import LocatedJSON
import MockBackendAPI
import VSASimulator

/// What the UI loop feeds the model.
public enum UIMessage: Sendable {
    case key(Key)
    /// The terminal's size, read after a resize or Ctrl-L.
    case resized(Size)
    case request(PendingRequest)
    /// The runtime no longer waits for this request (a timer came first).
    case withdrawn(Int)
    case timeline(TimelineEntry)
    case tick(now: Int64, world: WorldSnapshot)
    /// A line for the key bar, in words from outside (an error's own text).
    case flash(String)
    /// A line for the key bar from the string catalogs, said in the user's language.
    case say(String, [String: String] = [:])
    /// The world could not be built (an unknown requestor, a broken dashboard): why.
    case worldFailed(String)
    case ended(FlowEngine.Ending)
    /// A new world: a scenario (or the free device) was started.
    case started(ScenarioStatus, platform: DevicePlatform, integration: Integration, appName: String, startTime: Int64)
    /// The world asked for by `started` is up: its back end answers at `baseURL`.
    case worldReady(baseURL: String)
    /// Autoplay ended and the keyboard is the user's again.
    case scenarioHandedOver
    case demoAccounts([CredentialHint])
    /// The back end's MVPDs, id → the name people know them by.
    case providerNames([String: String])
    /// The back end's faults in force.
    case faults([FaultRule])
    /// The step a scenario played by hand expects next (nil: none).
    case expectedStep(UserResponse?)
    /// The autoplay answered the device: the key bar says how.
    case played(UserResponse)
    /// The autoplay has typed this much of a sign-in form.
    case autoplayTyped(username: String, password: String)
    /// The built-in scenarios for the menu, and the mistakes of those that could not be read.
    case catalogRead((scenarios: [Scenario], problems: [DataFileError]))
    /// The comparison asked for with `compare`, or why it could not run.
    case compared(ComparisonRequest, ComparisonView.Content)
    /// `tvsim watch`: the clients of the outside app, after a call came in.
    case watchSummary(WatchSummary)
    /// `tvsim lab`: the latest grade of the client that called last, and its findings so far.
    case labGrade(LabGrade?, findings: Int, at: Date)
}

extension UICommand {
    /// Whether the flow goes on (an answer) or a new session starts.
    var endsAPause: Bool {
        switch self {
        case .answer, .startScenario, .restart: true
        default: false
        }
    }
}

/// What the model asks the controller to do.
public enum UICommand: Sendable, Equatable {
    case answer(Int, UserResponse)
    case quit
    case startScenario(String, autoplay: Bool)
    case restart
    case setPace(Double)
    case takeOver
    /// Run a scenario headless with two integrations, in the background.
    case compare(ComparisonRequest)
    /// Write the session's HTTP exchanges (HAR) and timeline (JSON) to files, for a bug report.
    case exportReport([TimelineEntry], scenario: String?)
    /// Read the back end's faults (they come back as `.faults`), add one, or remove one.
    case listFaults
    case addFault(FaultRule)
    case removeFault(Int)
}

extension UIModel {
    public mutating func handle(_ message: UIMessage) -> [UICommand] {
        switch message {
        case .key(let key):
            let commands = handleKey(key)
            // The pause on a reached code ends when the flow goes on or another session starts.
            if commands.contains(where: \.endsAPause), reachedCode != nil { codeWalk = nil }
            return commands
        case .resized(let size):
            self.size = size
            return []
        case .request(let pending):
            show(pending)
            // Keys pressed while a taken-over scenario finished its step wait for this request.
            guard !pending.autoplay, awaitsUserAfterTakeOver else { return [] }
            return replayHeldKeys()
        case .withdrawn(let id):
            withdraw(id)
            return []
        case .timeline(let entry):
            return append(entry)
        case .tick(let now, let world):
            // The clock reads 0 until the world's first tick: a press asked to be confirmed
            // before then starts its five seconds now, or it would be stale at once.
            if let asked = confirmation, asked.since <= 0 { confirmation = (asked.command, now) }
            self.now = now
            self.world = world
            expireFlash()
            return []
        case .flash(let text):
            flash = text
            return []
        case .say(let key, let values):
            flash = strings.fill(key, values.map { ($0.key, $0.value) })
            return []
        case .worldFailed(let reason):
            worldFailure = reason
            backendStarting = false
            return []
        case .ended(let ending):
            self.ending = ending
            heldKeys = []
            awaitsUserAfterTakeOver = false
            backendStarting = false
            return []
        case .worldReady(let baseURL):
            backendStarting = false
            world.baseURL = baseURL
            return []
        case .scenarioHandedOver:
            scenario.autoplay = false
            awaitsUserAfterTakeOver = true
            return []
        case .compared(let request, let content):
            receive(request, content)
            return []
        case .expectedStep(let step):
            expectedStep = step
            return []
        case .played(let response):
            flash = "▶ " + StepWords.describe(response, providerNames: providerNames)
            return []
        case .autoplayTyped(let username, let password):
            // Only into the autoplay's own form: never over what the user types.
            if pending?.autoplay == true, case .form = screen {
                screen = .form(username: username, password: password, focus: password.isEmpty ? 0 : 1)
            }
            return []
        case .faults(let rules):
            activeFaults = rules
            if case .faults(var panel) = overlay {
                panel.activeSelection = min(panel.activeSelection, max(0, rules.count - 1))
                overlay = .faults(panel)
            }
            return []
        case .catalogRead(let catalog):
            listScenarios(catalog)
            return []
        case .demoAccounts(let accounts):
            var seen = Set<String>()
            demoAccounts = accounts.filter { seen.insert($0.username).inserted }
            return []
        case .providerNames(let names):
            providerNames = names
            return []
        case .watchSummary(let summary):
            watching = summary
            backendStarting = false
            return []
        case .labGrade(let grade, let findings, let now):
            lab?.receive(grade, findings: findings, now: now)
            return []
        case .started(let status, let platform, let integration, let appName, let startTime):
            start(status, platform: platform, integration: integration, appName: appName, startTime: startTime)
            return []
        }
    }

    /// The request `id` is no longer asked.
    private mutating func withdraw(_ id: Int) {
        guard let withdrawn = pending, withdrawn.id == id else { return }
        pending = nil
        withdrawnRequest = withdrawn.request
        // The code screen is withdrawn at every poll and asked again at once; its state waits for
        // it. Any other screen starts over.
        if case .code = screen {} else { screen = .waiting }
    }

    /// A new line of the timeline; a code walked to stops the walk there.
    private mutating func append(_ entry: TimelineEntry) -> [UICommand] {
        var commands: [UICommand] = []
        if entry.kind == .status, let status = entry.status, codeWalk == .walking(to: status.id) {
            // The walk stops at the code: the scenario pauses there, with the controls handed over.
            // What the code means, which stays in the key bar while the scenario is paused on it.
            codeWalk = .reached(status)
            if scenario.autoplay {
                scenario.autoplay = false
                awaitsUserAfterTakeOver = true
                commands.append(.takeOver)
            }
        }
        timeline.append(entry)
        if timeline.count > 5_000 { timeline.removeFirst(timeline.count - 5_000) }
        return commands
    }

    /// A session started: everything of the last one is forgotten but the user's settings.
    private mutating func start(
        _ status: ScenarioStatus, platform: DevicePlatform, integration: Integration, appName: String,
        startTime: Int64
    ) {
        scenario = status
        self.platform = platform
        self.integration = integration
        self.appName = appName
        self.startTime = startTime
        worldFailure = nil
        timeline = []
        inspector = InspectorModel()
        pending = nil
        screen = .waiting
        lastHome = nil
        homeSelection = 0
        lastUsername = ""
        ending = nil
        expectedStep = nil
        backendStarting = true
        // A new session starts on the device: its first prompt (the permission alert) needs
        // the keys, even if the inspector had them before the restart.
        focus = .device
        // A session without a scenario says nothing, and leaves a warning already showing
        // (a bad theme, found before the first frame) in place.
        if let name = status.name {
            flash = strings(status.autoplay ? "flash.scenarioAutoplay" : "flash.scenario", ["scenario": name])
        }
    }

    static func initialScreen(for request: UserRequest, lastUsername: String = "", homeSelection: Int = 0)
        -> DeviceScreen
    {
        switch request {
        case .home(let home): .home(selection: Self.homeRow(returningTo: homeSelection, in: HomeRow.rows(home)))
        case .permission: .permission(allowFocused: true)
        case .applePicker(let picker):
            .picker(
                query: "",
                selection: firstSelectable(from: 0, count: PickerRow.rows(picker, query: "").count) {
                    PickerRow.rows(picker, query: "")[$0].selectable
                })
        // After a failed attempt the user ID stays and the password is asked again, as on a device.
        case .providerSignIn(let prompt, _) where prompt.error != nil && !lastUsername.isEmpty:
            .form(username: lastUsername, password: "", focus: 1)
        case .webLogin(let view) where view.error != nil && !lastUsername.isEmpty:
            .form(username: lastUsername, password: "", focus: 1)
        case .providerSignIn, .webLogin: .form(username: "", password: "", focus: 0)
        case .mvpdPicker(let mvpds, let preselected):
            .mvpdPicker(query: "", selection: MvpdRow.rows(mvpds, query: "").firstIndex { $0.id == preselected } ?? 0)
        case .registrationCode: .code(chooser: nil)
        case .notice: .notice
        }
    }

    mutating func expireFlash() {
        guard flash != nil else { return }
        // The clock starts at 0 until the world's first tick: a flash from before then (a bad
        // theme) starts its time at that tick, or it would be gone the moment the clock is set.
        guard let shownAt = flashShownAt, shownAt > 0 else {
            flashShownAt = now > 0 ? now : nil
            return
        }
        if now - shownAt >= Self.flashMilliseconds || now < shownAt { flash = nil }
    }

    /// Home keeps the row the user left from, except "Sign out": pressing ⏎ twice after signing
    /// in or playing must never sign the user out by accident.
    static func homeRow(returningTo selection: Int, in rows: [HomeRow]) -> Int {
        let kept = min(max(0, selection), rows.count - 1)
        guard rows[kept] == .signOut else { return kept }
        return rows.firstIndex { if case .title = $0 { true } else { false } } ?? kept
    }

    /// The row of a title that started playing since `before`: an autoplayed play moves no cursor,
    /// and the selection should be on what plays.
    static func rowNowPlaying(in home: HomeView, before: HomeView?) -> Int? {
        guard let before, let playing = home.app.playing?.resource, playing != before.app.playing?.resource else {
            return nil
        }
        return HomeRow.rows(home).firstIndex { if case .title(let item) = $0 { item.id == playing } else { false } }
    }

    /// Shows a request of the flow on the device.
    mutating func show(_ pending: PendingRequest) {
        let previous = self.pending?.request ?? withdrawnRequest
        self.pending = pending
        withdrawnRequest = nil
        // Each poll shows the same code screen again (with one more check): an open account
        // chooser stays open, or a key pressed between two polls would be lost.
        if case .registrationCode(let shown, _)? = previous, case .registrationCode(let code, _) = pending.request,
            shown.code == code.code, case .code = screen
        {
            return
        }
        screen = Self.initialScreen(
            for: pending.request, lastUsername: lastUsername, homeSelection: homeSelection)
        if pending.autoplay, case .home(let home) = pending.request,
            let row = Self.rowNowPlaying(in: home, before: lastHome)
        {
            screen = .home(selection: row)
            homeSelection = row
        }
        if case .home = pending.request, let selection = settingsReturn { screen = .settings(selection: selection) }
        settingsReturn = nil
        switch pending.request {
        case .home(let home), .notice(_, let home): lastHome = home
        default: break
        }
    }

    /// The keys held since the user took over, handled now that the device asks the user, up to
    /// the one that answers: the rest wait for the next question.
    mutating func replayHeldKeys() -> [UICommand] {
        var commands: [UICommand] = []
        while !heldKeys.isEmpty {
            let handled = handleKey(heldKeys.removeFirst())
            commands += handled
            if handled.contains(where: { if case .answer = $0 { true } else { false } }) { break }
        }
        awaitsUserAfterTakeOver = !heldKeys.isEmpty
        return commands
    }

    // MARK: - Keys

    mutating func handleKey(_ key: Key) -> [UICommand] {
        if key == .resize { return [] }
        // Quit's function key leaves from anywhere, a menu or panel included.
        if key == .function(GlobalKey.binding(of: .quit)?.functionKey ?? 10) { return [.quit] }
        if let overlay { return handleOverlay(overlay, key) }
        switch key {
        case .tab, .backTab:
            // Presenter view has no inspector to go to.
            if !presenting { focus = focus == .device ? .inspector : .device }
            return []
        case .function(let number):
            // Letters go into a text field; a global action's function key works on every screen.
            guard let binding = GlobalKey.binding(forFunctionKey: number) else { break }
            guard let letter = binding.letter else { return perform(binding.action) }
            if pending?.autoplay == true || scenario.autoplay { return handleAutoplayKey(.character(letter)) }
            return perform(binding.action)
        default:
            break
        }
        if focus == .inspector { return handleInspector(key) }
        if lab?.update(key) == true { return [] }
        if awaitsUserAfterTakeOver, pending == nil || pending?.autoplay == true {
            if !isTyping, let commands = handleGlobal(key) { return commands }
            // Taken over while the script still shows its step: the device asks the user in a
            // moment, and these keys are for that question, not lost.
            heldKeys.append(key)
            return []
        }
        if pending?.autoplay == true || scenario.autoplay { return handleAutoplayKey(key) }
        if !isTyping, let commands = handleGlobal(key) { return commands }
        return handleDevice(key)
    }

    /// Whether the device pane takes letters as text (search fields, forms).
    var isTyping: Bool {
        switch screen {
        case .picker, .form, .mvpdPicker: true
        default: false
        }
    }

    /// A global action's letter, on a screen that does not take letters as text.
    mutating func handleGlobal(_ key: Key) -> [UICommand]? {
        guard let letter = key.printable, let action = GlobalKey.action(forLetter: letter) else { return nil }
        return perform(action)
    }

    mutating func perform(_ action: GlobalAction) -> [UICommand] {
        // `tvsim watch` simulates no device: no scenario to start, restart or walk to a code.
        if watching != nil, action.needsSimulatedDevice {
            flash = strings("watch.notHere")
            return []
        }
        switch action {
        case .help: overlay = .help(HelpBox())
        case .quit: return [.quit]
        case .scenarios: openScenarioMenu()
        case .restart: return confirmed(.restart)
        case .presenter: togglePresenting()
        case .codes: overlay = .codes(CodesMenu(platform, integration))
        case .faults:
            overlay = .faults(FaultsPanel())
            return [.listFaults]
        case .bugReport:
            flash = strings("flash.writingBugReport")
            return [.exportReport(timeline, scenario: scenario.name)]
        case .stepDetail: showStepInDetail()
        // Switching panes and redrawing are keys of their own, handled before any screen's.
        case .switchPane, .redraw: break
        }
        return []
    }

    /// Opens Detail on the cookbook step the Step pane explains, whose whole text it shows.
    mutating func showStepInDetail() {
        guard !presenting, let step = step(leadingTo: explainedEntry) else { return }
        if visibleTimeline.allSatisfy({ $0.id != step.id }) { inspector.filter = nil }
        guard let index = visibleTimeline.firstIndex(where: { $0.id == step.id }) else { return }
        inspector.selection = index
        inspector.tab = .detail
        inspector.detailScroll = 0
        focus = .inspector
    }

    /// How long a first press waits for the second that confirms it.
    static let confirmationMilliseconds: Int64 = 5_000

    /// `command` when it loses nothing (nothing has happened in this session yet) or when the
    /// same key asked for it a moment ago; otherwise nothing yet, and the key bar says that the
    /// same key again does it. Restarting rewrites the free device's file, and starting a scenario
    /// replaces the session now running.
    mutating func confirmed(_ command: UICommand) -> [UICommand] {
        let asked = confirmation.map { $0.command == command && now - $0.since < Self.confirmationMilliseconds }
        guard asked != true, !timeline.isEmpty, worldFailure == nil else {
            confirmation = nil
            return [command]
        }
        confirmation = (command, now)
        return []
    }

    /// What the key bar says while a first press waits for its confirmation.
    var pendingConfirmationText: String? {
        guard let confirmation, now - confirmation.since < Self.confirmationMilliseconds else { return nil }
        switch confirmation.command {
        case .restart: return strings(scenario.name == nil ? "confirm.restartDevice" : "confirm.restartScenario")
        case .startScenario(let name, let autoplay):
            return strings("confirm.replace", ["key": autoplay ? "a" : "⏎", "scenario": name])
        default: return nil
        }
    }

    /// Presenter view on or off; the device has the keys while the inspector is hidden.
    mutating func togglePresenting() {
        presenting.toggle()
        if presenting { focus = .device }
    }

    /// The scenario menu opens on the scenario now running.
    mutating func openScenarioMenu() {
        overlay = .scenarios(ScenarioMenu(selection: scenarioNames.firstIndex { $0.name == scenario.name } ?? 0))
    }

    /// While a scenario plays itself, keys can only pause it (take over), change the pace or leave.
    mutating func handleAutoplayKey(_ key: Key) -> [UICommand] {
        switch PanelKeys.autoplay.action(for: key) {
        case .takeOver:
            scenario.autoplay = false
            awaitsUserAfterTakeOver = true
            flash = strings("flash.youHaveTheControls")
            return [.takeOver]
        case .pace(let slower): return changePace(slower: slower)
        case .global(let action): return perform(action)
        case nil: return []
        }
    }

    /// How far the help scrolls: its last line at the bottom of the window (title bar, key bar
    /// and the box's borders take four rows).
    var maxHelpScroll: Int {
        let lines = OverlayRenderer.helpBox(in: layout.body, strings).lines
        return max(0, lines.count - (size.height - 4))
    }

    /// The pace is seconds between steps, so slower means a longer pause.
    func nextPace(slower: Bool) -> Double {
        let paces = ScenarioStatus.paces
        let index = paces.firstIndex { $0 >= scenario.pace } ?? paces.count - 1
        return paces[slower ? min(paces.count - 1, index + 1) : max(0, index - 1)]
    }

    mutating func handleOverlay(_ overlay: Overlay, _ key: Key) -> [UICommand] {
        switch overlay {
        case .help(var box):
            self.overlay = box.update(key, maxScroll: maxHelpScroll) ? .help(box) : nil
            return []
        case .scenarios(var menu):
            let outcome = menu.update(key, rows: scenarioNames)
            self.overlay = .scenarios(menu)
            switch outcome {
            case .stay: return []
            case .close: self.overlay = nil
            case .play(let selection, let autoplay):
                let commands = confirmed(.startScenario(scenarioNames[selection].name, autoplay: autoplay))
                if !commands.isEmpty {
                    self.overlay = nil
                    codeWalk = nil
                }
                return commands
            case .compare: return openComparison(from: menu)
            case .pace(let slower): return changePace(slower: slower)
            }
            return []
        case .comparison(let view):
            return handleComparisonKey(view, key)
        case .codes(let menu):
            return handleCodesKey(key, menu: menu)
        case .faults(let panel):
            return handleFaultsKey(key, panel: panel)
        }
    }

    /// The codes menu's update, and the walk it asks for: its scenario plays until the code shows.
    mutating func handleCodesKey(_ key: Key, menu: CodesMenu) -> [UICommand] {
        var menu = menu
        switch menu.update(key, targets: codeTargets(on: menu.platform, with: menu.integration)) {
        case .stay:
            overlay = .codes(menu)
            return []
        case .close:
            overlay = nil
            return []
        case .walk(let target):
            overlay = nil
            codeWalk = .walking(to: target.code)
            flash = strings("flash.walkingToCode", ["code": target.code, "scenario": target.scenario])
            return [.startScenario(target.scenario, autoplay: true)]
        }
    }

    /// The faults panel's update, with the faults in force it shows.
    mutating func handleFaultsKey(_ key: Key, panel: FaultsPanel) -> [UICommand] {
        var panel = panel
        switch panel.update(key, active: activeFaults, strings) {
        case .close:
            overlay = nil
            return []
        case .stay(let commands, let said):
            overlay = .faults(panel)
            if let said { flash = said }
            return commands
        }
    }

    /// The lines of the Detail or State tab at a width.
    func inspectorLines(width: Int) -> [(String, Style)] {
        guard inspector.tab != .state else { return StateText.lines(self, width: width) }
        let entry = selectedEntry
        return DetailText.lines(for: entry, width: width, strings: strings, step: step(leadingTo: entry)?.step)
    }

    /// How far the Detail or State tab can scroll: until its last line is at the bottom.
    var maxDetailScroll: Int {
        let content = layout.inspectorContent
        return max(0, inspectorLines(width: content.width).count - content.height)
    }

    mutating func handleInspector(_ key: Key) -> [UICommand] {
        // Updated as a copy: how far a tab scrolls is read from the model as it was.
        var updated = inspector
        let outcome = updated.update(key, count: visibleTimeline.count, maxScroll: maxDetailScroll)
        inspector = updated
        switch outcome {
        case .handled: break
        case .back: focus = .device
        case .unhandled:
            if !isTyping || focus == .inspector, let commands = handleGlobal(key) { return commands }
        }
        return []
    }
}

extension UIModel {
    /// The next autoplay pace, kept in the model and passed on to the running autoplay.
    mutating func changePace(slower: Bool) -> [UICommand] {
        scenario.pace = nextPace(slower: slower)
        return [.setPace(scenario.pace)]
    }
}
