import FlowCore
import FlowRuntime
import Foundation
import Labs
import Localization
import LocatedJSON
import MockBackendAPI
import PassAPI
import VSASimulator

/// Which half of the window has the keyboard.
public enum Pane: Sendable, Equatable {
    case device
    case inspector
}

/// A question from the runtime waiting for the user (or, in autoplay, shown while the script answers).
public struct PendingRequest: Sendable, Equatable {
    public let id: Int
    public let request: UserRequest
    /// True when the scenario's script will answer it; keys only scroll and navigate then.
    public let autoplay: Bool
}

/// The device pane's local state for the screen it shows: selections, search text, form fields.
public enum DeviceScreen: Sendable, Equatable {
    case waiting
    case home(selection: Int)
    case settings(selection: Int)
    case permission(allowFocused: Bool)
    case picker(query: String, selection: Int)
    case form(username: String, password: String, focus: Int)
    case mvpdPicker(query: String, selection: Int)
    case code(chooser: Int?)
    case notice
}

/// The scenario being shown, if any.
public struct ScenarioStatus: Sendable, Equatable {
    public var name: String?
    public var autoplay: Bool
    /// Seconds between two scripted steps.
    public var pace: Double

    public init(name: String? = nil, autoplay: Bool = false, pace: Double = 1.5) {
        self.name = name
        self.autoplay = autoplay
        self.pace = pace
    }

    public static let paces: [Double] = [0.5, 1, 1.5, 2, 3, 5]
}

public enum Overlay: Sendable, Equatable {
    /// Every status code a built-in scenario reaches on a platform, one key each, the
    /// integration's own scenarios first.
    case codes(CodesMenu)
    /// Faults to inject into the back end, and the ones in force.
    case faults(FaultsPanel)
    /// The list of keys.
    case help(HelpBox)
    /// The built-in scenarios, filtered.
    case scenarios(ScenarioMenu)
    /// The selected scenario with two integrations side by side.
    case comparison(ComparisonView)
}

/// What the State tab shows about the world outside the app.
public struct WorldSnapshot: Sendable, Equatable {
    public var device: SimulatedDevice?
    public var serverProfiles: [StateSnapshot.StoredProfileView]
    public var serverSessions: Int
    public var baseURL: String

    public init(
        device: SimulatedDevice? = nil, serverProfiles: [StateSnapshot.StoredProfileView] = [], serverSessions: Int = 0,
        baseURL: String = ""
    ) {
        self.device = device
        self.serverProfiles = serverProfiles
        self.serverSessions = serverSessions
        self.baseURL = baseURL
    }
}

/// Everything the terminal UI shows; changed only by `update`, drawn only by `Renderer`.
public struct UIModel: Sendable {
    public var size: Size
    public var platform: DevicePlatform
    public var integration: Integration
    public var appName: String
    /// The language of every screen, the key bar and the help; the timeline stays protocol.
    public var strings: Strings = .english
    public var focus: Pane = .device
    /// Presenter view: the device alone, larger and centred, with a short key bar.
    public var presenting = false
    public var pending: PendingRequest?
    /// The request a poll withdrew, until the next one arrives: a code screen asked again with
    /// the same code keeps its state (an open account chooser).
    public var withdrawnRequest: UserRequest?
    public var screen: DeviceScreen = .waiting
    /// What the device shows: the pending request, or the code screen while a poll runs (it
    /// is withdrawn for each poll and asked again at once; the app's home between two polls
    /// would flash under the code the user is reading).
    public var shownRequest: UserRequest? {
        if let pending { return pending.request }
        guard ending == nil, case .code = screen, case .registrationCode? = withdrawnRequest else { return nil }
        return withdrawnRequest
    }
    public var lastHome: HomeView?
    public var inspector = InspectorModel()
    public var overlay: Overlay?
    /// The user took over a scenario and the device has not asked the user yet: the script's
    /// last screen is still up (or just withdrawn), and keys wait in `heldKeys` for the question.
    public var awaitsUserAfterTakeOver = false
    public var heldKeys: [Key] = []
    public var timeline: [TimelineEntry] = []
    /// `tvsim watch`: an outside app's clients, shown where the device would be; nil otherwise.
    public var watching: WatchSummary?
    /// `tvsim lab NAME`: the lab's checklist, shown instead of the watch summary.
    public var lab: LabProgress?
    /// A one-line message in the key bar; it goes away a few seconds after it is first shown.
    public var flash: String? {
        didSet { flashShownAt = nil }
    }
    public var flashShownAt: Int64?
    public static let flashMilliseconds: Int64 = 6_000
    public var scenario = ScenarioStatus()
    public var scenarioNames: [(name: String, platform: String, integration: String, description: String)] = []
    /// The status codes each scenario expects, in order (the codes menu walks to one of them).
    public var scenarioCodes: [String: [String]] = [:]
    /// The Settings row a change was made from: the home screen that follows shows Settings again.
    public var settingsReturn: Int?
    /// A walk from the codes menu: the code it plays toward, then the code it stopped at.
    public var codeWalk: CodeWalk?
    /// A restart or a new scenario asked for once: the same key again within a few seconds does it.
    public var confirmation: (command: UICommand, since: Int64)?
    /// In a scenario played by hand, the step it expects next (`sign in as demo`).
    public var expectedStep: UserResponse?
    /// The back end's faults in force, as last read.
    public var activeFaults: [FaultRule] = []
    public var world = WorldSnapshot()
    /// Simulated time, epoch milliseconds (countdowns).
    public var now: Int64 = 0
    public var startTime: Int64 = 0
    public var warnings: [String] = []
    /// The back end's demo accounts, offered on the second screen.
    public var demoAccounts: [CredentialHint] = []
    /// MVPD ids → names, for what the device shows (the home screen's account line).
    public var providerNames: [String: String] = [:]
    /// The user ID of the last sign-in attempt, kept when the form comes back with an error.
    public var lastUsername = ""
    /// The home row the user last acted on, so that coming back from a title keeps the place.
    public var homeSelection = 0
    public var ending: FlowEngine.Ending?
    /// A world was started and its back end is not up yet: the device shows that it is starting.
    public var backendStarting = false
    /// Why the world could not start, shown on the device until another one does.
    public var worldFailure: String?

    public init(size: Size, platform: DevicePlatform, integration: Integration, appName: String) {
        self.size = size
        self.platform = platform
        self.integration = integration
        self.appName = appName
    }

    /// The timeline as the filter shows it.
    public var visibleTimeline: [TimelineEntry] {
        guard let filter = inspector.filter else { return timeline }
        return timeline.filter { $0.kind == filter }
    }

    /// The entry the Detail tab describes.
    public var selectedEntry: TimelineEntry? {
        let entries = visibleTimeline
        guard !entries.isEmpty else { return nil }
        return entries[min(inspector.selection ?? entries.count - 1, entries.count - 1)]
    }

    /// The cookbook step that led to `entry` (or to the newest entry): the last step at or
    /// before it.
    public func step(leadingTo entry: TimelineEntry?) -> TimelineEntry? {
        guard let entry else { return timeline.last { $0.kind == .step } }
        return timeline.last { $0.kind == .step && $0.id <= entry.id }
    }

    /// The row the Step pane explains: the selected timeline row, or the newest one.
    var explainedEntry: TimelineEntry? {
        inspector.selection == nil ? timeline.last : selectedEntry
    }

    public static let minimumSize = Size(width: 80, height: 24)
    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }
}

extension UIModel {
    /// Fills the scenario menu with the built-ins that parse. One that does not is left out, and
    /// its mistake (file, line, field) is a warning in the State tab and in the key bar, never a
    /// silently shorter or empty menu.
    public mutating func listScenarios(_ catalog: (scenarios: [Scenario], problems: [DataFileError])) {
        // Grouped by integration, then platform, in the order the catalog first names them.
        let groups = catalog.scenarios.map { "\($0.integration.rawValue) \($0.platform.rawValue)" }
        let rank = Dictionary(groups.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let ordered = catalog.scenarios.enumerated().sorted {
            (rank[groups[$0.offset]] ?? 0, $0.offset) < (rank[groups[$1.offset]] ?? 0, $1.offset)
        }
        scenarioNames = ordered.map {
            ($0.element.name, $0.element.platform.rawValue, $0.element.integration.rawValue, $0.element.description)
        }
        scenarioCodes = Dictionary(
            catalog.scenarios.map { ($0.name, $0.expect.codes ?? []) }, uniquingKeysWith: { first, _ in first })
        for problem in catalog.problems {
            warnings.append("A built-in scenario is left out of the menu: \(problem)")
        }
        if let first = catalog.problems.first {
            flash = strings("flash.brokenBuiltInScenario", ["problem": "\(first)"])
        }
    }
}

extension UIModel {
    /// The app is on its home screen and has not been opened yet: nothing has happened in this
    /// session (a scenario started by hand waits for its first step, opening the app).
    var appNotOpened: Bool {
        guard case .home(let home)? = pending?.request, case .unknown = home.app.authentication else { return false }
        return !timeline.contains { $0.kind == .user }
    }

    /// A failure the app met since the user last did something, that leaves it on its home
    /// screen with nothing else to show (the provider not responding, a framework error, the
    /// configuration refused). Real apps say so; the home screen shows it the way it shows a
    /// denied play.
    var homeProblem: HomeProblem? {
        for entry in timeline.reversed() {
            if entry.kind == .user { return nil }
            if entry.kind == .status, let code = entry.status, let problem = HomeProblem(code, on: platform) {
                return problem
            }
        }
        return nil
    }
}

/// What the app tells its user after a failure it cannot get past by itself, or, when the user
/// did not let it use the TV provider, what single sign-on would give and where to allow it.
struct HomeProblem: Equatable {
    let code: String
    /// The catalog key of what the app says.
    let messageKey: String
    /// Where the user changes the decision (the Settings screen's title), for advice.
    var settingsKey: String?
    /// A word to the user, not a failure: shown plainly, without the code.
    var isAdvice: Bool { settingsKey != nil }

    /// What the app says, in the user's language.
    func message(_ strings: Strings, appName: String) -> String {
        guard let settingsKey else { return strings(messageKey) }
        return strings(messageKey, ["app": appName, "settings": strings(settingsKey)])
    }

    init?(_ status: StatusCode, on platform: DevicePlatform) {
        code = status.id
        switch status.id {
        // Seeds 000, 002 and 004 recommend explaining single sign-on after Don't Allow or a
        // dismissed alert, with the way to Settings on each platform.
        case StatusCode.permissionDenied.id, StatusCode.permissionUndetermined.id:
            messageKey = "app.singleSignOnAdvice"
            settingsKey = "settings.title.\(platform.rawValue)"
        case StatusCode.metadataUnavailable.id: messageKey = "home.problem.providerNotResponding"
        case StatusCode.appleError.id, StatusCode.appleShortError.id: messageKey = "home.problem.signInFailed"
        case _ where status.isConfigurationFailure:
            messageKey = "home.problem.serviceUnavailable"
        default: return nil
        }
    }

    /// What the app says above its own picker when single sign-on gave way to it; nil where the
    /// picker needs no word (a configuration failure never leads there).
    var pickerMessageKey: String? {
        if isAdvice { return messageKey }
        return switch messageKey {
        case "home.problem.providerNotResponding": "appPicker.problem.providerNotResponding"
        case "home.problem.signInFailed": "appPicker.problem.signInFailed"
        default: nil
        }
    }
}

extension UIModel {
    /// The scenario menu, while it is open.
    var scenarioMenu: ScenarioMenu? {
        if case .scenarios(let menu) = overlay { return menu }
        return nil
    }

    /// The open scenario menu's rows (indices into `scenarioNames`) that its filter shows.
    var visibleScenarios: [Int] {
        (scenarioMenu ?? ScenarioMenu(selection: 0)).visible(in: scenarioNames)
    }
}

/// A walk from the codes menu to a status code: a scenario plays itself toward the code, and
/// pauses where it shows, the controls handed over.
public enum CodeWalk: Sendable, Equatable {
    case walking(to: String)
    /// Stopped at the code: the key bar says what it means until the flow goes on.
    case reached(StatusCode)
}

extension UIModel {
    /// The code a walk stopped at, while it is paused there.
    public var reachedCode: StatusCode? {
        if case .reached(let code) = codeWalk { return code }
        return nil
    }
}
