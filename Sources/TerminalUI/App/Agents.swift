import FlowCore
import FlowRuntime
import Foundation
import Synchronization

/// Messages from any thread to the UI thread.
public final class Inbox: Sendable {
    private let messages = Mutex<[UIMessage]>([])

    public init() {}

    public func post(_ message: UIMessage) { messages.withLock { $0.append(message) } }

    public func drain() -> [UIMessage] {
        messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}

/// The person at the keyboard: each request becomes a screen; the answer comes back when the
/// model sends it. A request the runtime withdraws (a timer came first) is taken off the screen.
public final class InteractiveAgent: UserAgent {
    private struct State {
        var waiting: [Int: CheckedContinuation<UserResponse, Never>] = [:]
        var withdrawn: Set<Int> = []
        var nextId = 1
    }

    private let state = Mutex(State())
    let inbox: Inbox

    public init(inbox: Inbox) {
        self.inbox = inbox
    }

    func nextId() -> Int {
        state.withLock { state in
            defer { state.nextId += 1 }
            return state.nextId
        }
    }

    public func respond(to request: UserRequest) async -> UserResponse {
        let id = nextId()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { state -> Bool in
                    if state.withdrawn.remove(id) != nil { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if cancelled {
                    continuation.resume(returning: .idle)
                } else {
                    inbox.post(.request(PendingRequest(id: id, request: request, autoplay: false)))
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let waiting = state.waiting.removeValue(forKey: id)
                if waiting == nil { state.withdrawn.insert(id) }
                return waiting
            }
            continuation?.resume(returning: .idle)
            inbox.post(.withdrawn(id))
        }
    }

    /// Shows a request without waiting for an answer (autoplay); returns its id.
    func display(_ request: UserRequest) -> Int {
        let id = nextId()
        inbox.post(.request(PendingRequest(id: id, request: request, autoplay: true)))
        return id
    }

    public func answer(_ id: Int, _ response: UserResponse) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(returning: response)
    }

    /// Ends every open question (the session is being torn down).
    public func releaseAll() {
        let all = state.withLock { state in
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in all { continuation.resume(returning: .quit) }
    }
}

/// Plays a scenario's steps at a chosen pace, showing each screen before answering it, until the
/// user takes over.
public final class AutoplayAgent: UserAgent {
    private let script: ScriptedUser
    private let interactive: InteractiveAgent
    private let settings: Mutex<(pace: Double, takenOver: Bool)>

    public init(script: ScriptedUser, interactive: InteractiveAgent, pace: Double) {
        self.script = script
        self.interactive = interactive
        settings = Mutex((pace, false))
    }

    public func setPace(_ pace: Double) { settings.withLock { $0.pace = pace } }

    public func takeOver() { settings.withLock { $0.takenOver = true } }

    var takenOver: Bool { settings.withLock { $0.takenOver } }

    public func respond(to request: UserRequest) async -> UserResponse {
        if takenOver { return await interactive.respond(to: request) }
        let id = interactive.display(request)
        let pace = settings.withLock { $0.pace }
        if let (username, password) = Self.credentials(in: script.expected(for: request)) {
            await type(username: username, password: password, over: pace)
        } else {
            await showFor(seconds: pace)
        }
        interactive.inbox.post(.withdrawn(id))
        if takenOver || Task.isCancelled { return Task.isCancelled ? .idle : await interactive.respond(to: request) }
        let response = await script.respond(to: request)
        switch response {
        case .quit,
            .idle where Self.isHome(request):
            // The script is over (or no longer fits what is on screen): the presenter takes over.
            takeOver()
            let handedOver: UIMessage =
                script.problems.last.map { .say("flash.scriptStopped", ["problem": $0]) } ?? .say("flash.stepsDone")
            interactive.inbox.post(handedOver)
            interactive.inbox.post(.scenarioHandedOver)
            return await interactive.respond(to: request)
        case .idle where Self.isCodeScreen(request):
            return await keepShowing(request)
        default:
            if response != .idle { interactive.inbox.post(.played(response)) }
            return response
        }
    }

    /// The user ID and password an answer signs in with, if it does.
    static func credentials(in response: UserResponse) -> (String, String)? {
        switch response {
        case .signIn(.credentials(let username, let password)), .screen(.webLogin(let username, let password)):
            (username, password)
        default: nil
        }
    }

    /// Fills the sign-in form letter by letter over the step's time, as a person types, so that
    /// an audience sees what signs in.
    private func type(username: String, password: String, over seconds: Double) async {
        let letters = username.count + password.count
        let pause = seconds / Double(letters + 2)
        await showFor(seconds: pause)
        for typed in 1...max(1, letters) where !takenOver && !Task.isCancelled {
            let user = String(username.prefix(typed))
            let secret = String(password.prefix(max(0, typed - username.count)))
            interactive.inbox.post(.autoplayTyped(username: user, password: secret))
            await showFor(seconds: pause)
        }
    }

    /// A code the script has nothing more to do with stays on screen while the app polls, as
    /// on a TV: the engine cancels this answer when its next poll is due, and asks again.
    private func keepShowing(_ request: UserRequest) async -> UserResponse {
        let id = interactive.display(request)
        while !takenOver, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(50)) }
        interactive.inbox.post(.withdrawn(id))
        return takenOver && !Task.isCancelled ? await interactive.respond(to: request) : .idle
    }

    /// The pace's wait, cut short when the user takes over: the device then asks the user at
    /// once rather than at the end of the step.
    private func showFor(seconds: Double) async {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !takenOver, !Task.isCancelled, ContinuousClock.now < deadline {
            try? await Task.sleep(for: min(.milliseconds(50), deadline - ContinuousClock.now))
        }
    }

    static func isHome(_ request: UserRequest) -> Bool {
        if case .home = request { return true }
        return false
    }

    static func isCodeScreen(_ request: UserRequest) -> Bool {
        if case .registrationCode = request { return true }
        return false
    }
}
