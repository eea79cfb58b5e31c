import FlowCore
import Foundation
import MockBackendAPI
import PassAPI
import Synchronization
import VSASimulator

/// The user of a scenario: answers each screen with the next step of the script, and notes a
/// mismatch (the script expects one screen, the app shows another) as a failure.
public final class ScriptedUser: UserAgent {
    private struct State {
        var steps: [ScriptStep]
        var position = 0
        var problems: [String] = []
    }

    private let state: Mutex<State>
    private let personas: [ServerInfo.PersonaHint]

    public init(steps: [ScriptStep], personas: [ServerInfo.PersonaHint]) {
        state = Mutex(State(steps: steps))
        self.personas = personas
    }

    /// Mismatches between the script and what the app showed.
    public var problems: [String] { state.withLock { $0.problems } }

    /// Steps the app never asked for.
    public var unusedSteps: [ScriptStep] { state.withLock { Array($0.steps[$0.position...]) } }

    /// What the script would answer to `request` now, without moving on (a guide for a person
    /// playing the scenario by hand).
    public func expected(for request: UserRequest) -> UserResponse {
        state.withLock { state in
            answer(request, with: state.position < state.steps.count ? state.steps[state.position] : nil).0
        }
    }

    /// Moves past the next step when a person answered `request` as the script would have.
    public func follow(_ request: UserRequest, answered response: UserResponse) {
        state.withLock { state in
            let next = state.position < state.steps.count ? state.steps[state.position] : nil
            let (expected, consumed) = answer(request, with: next)
            if consumed, expected == response { state.position += 1 }
        }
    }

    public func respond(to request: UserRequest) async -> UserResponse {
        state.withLock { state in
            let next = state.position < state.steps.count ? state.steps[state.position] : nil
            let (response, consumed) = answer(request, with: next)
            if consumed { state.position += 1 }
            if case .quit = response, let next {
                state.problems.append(
                    "step \(state.position + 1) '\(next)' does not fit \(request.name)")
            }
            return response
        }
    }

    /// The answer to `request` given the next step, and whether the step was used.
    private func answer(_ request: UserRequest, with step: ScriptStep?) -> (UserResponse, consumed: Bool) {
        switch (request, step) {
        case (_, .wait(let seconds)?):
            if case .home = request { return (.wait(seconds), true) }
            if case .registrationCode = request { return (.wait(seconds), true) }
            return (.quit, false)
        case (_, .adjust(let adjustment)?):
            if case .home = request { return (.adjust(adjustment), true) }
            return (.quit, false)
        case (.home, nil):
            // The script is done; let the app finish what it is doing.
            return (.idle, false)
        case (.home, .app(let action)?):
            return (.act(action), true)
        case (.permission, .permission(let allowed)?):
            return (.permission(allowed: allowed), true)
        case (.applePicker(let picker), .pick(let name)?):
            guard let row = Self.find(name, in: picker.all.map { ($0.id, $0.name) }) else { return (.quit, false) }
            return (.picker(.provider(row)), true)
        case (.applePicker, .other?):
            return (.picker(.otherProvider), true)
        case (.applePicker, .cancel?):
            return (.picker(.cancel), true)
        case (.providerSignIn, .signInAs(let persona, let password)?):
            return (.signIn(.credentials(username: persona, password: password ?? self.password(of: persona))), true)
        case (.providerSignIn, .cancel?):
            return (.signIn(.cancel), true)
        case (.mvpdPicker(let mvpds, _), .choose(let name)?):
            guard let id = Self.find(name, in: mvpds.map { ($0.id, $0.displayName) }) else { return (.quit, false) }
            return (.screen(.mvpd(id)), true)
        case (.mvpdPicker, .cancel?):
            return (.screen(.mvpd(nil)), true)
        case (.webLogin, .signInAs(let persona, let password)?):
            return (.screen(.webLogin(username: persona, password: password ?? self.password(of: persona))), true)
        case (.webLogin, .cancel?):
            return (.screen(.closeWebLogin), true)
        case (.registrationCode, .completeSecondScreen(let persona, let password, let mvpd)?):
            return (
                .screen(
                    .completeSecondScreen(
                        username: persona, password: password ?? self.password(of: persona), mvpd: mvpd)),
                true
            )
        case (.registrationCode, .newCode?):
            return (.screen(.newCode), true)
        case (.registrationCode, .cancel?):
            return (.screen(.closeCodeScreen), true)
        case (.registrationCode, _):
            // Nothing for this screen: polling goes on.
            return (.idle, false)
        case (.notice, .ok?):
            return (.screen(.dismissNotice), true)
        case (.notice, _):
            return (.screen(.dismissNotice), false)
        default:
            return (.quit, false)
        }
    }

    private func password(of persona: String) -> String {
        personas.first { $0.username.lowercased() == persona.lowercased() }?.password ?? persona
    }

    /// A row by id, or by name ignoring case and accents.
    static func find(_ name: String, in rows: [(id: String, name: String)]) -> String? {
        if let exact = rows.first(where: { $0.id == name }) { return exact.id }
        return rows.first { ProviderPicker.matches($0.name, name) && ProviderPicker.matches(name, $0.name) }?.id
            ?? rows.first { ProviderPicker.matches($0.name, name) }?.id
    }
}
