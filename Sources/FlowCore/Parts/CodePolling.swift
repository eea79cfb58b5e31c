import PassAPI

/// Polling for a sign-in made elsewhere: the registration code on a TV's second-screen screen,
/// or the profile after a web login reached its redirect. What to poll with and how to read the
/// answer are the integration's; the rhythm (interval, `Retry-After`, `slow_down`, failures in a
/// row, expiry, a new code, closing the screen) is shared.
struct CodePolling: FlowPart {
    struct State: Sendable, Equatable {
        /// The code on screen; nil when polling runs behind the home screen (after a web login).
        var screen: RegistrationCode?
        /// What a poll sends: a registration code, a device code.
        var handle: String
        /// Seconds between polls.
        var interval: Int
        var failures = 0
        /// The code expired or the service stopped answering: only the user moves on from here.
        var stopped = false
    }

    /// How the integration reads a poll's answer.
    enum PollAnswer: Sendable, Equatable {
        case pending(slowDown: Bool)
        case signedIn
        case expired
    }

    enum Outcome: Sendable, Equatable {
        case signedIn(APIResult)
        case newCodeRequested
        case closed
        /// Polling behind the home screen ended without a sign-in.
        case gaveUp(Remark)
    }

    /// Polls in a row that may fail before the app gives up.
    static let maximumFailures = 5

    let pollCall: @Sendable (String) -> APICall
    let interpret: @Sendable (APIResult) -> PollAnswer?
    let pollStep: CookbookStep?
    /// Whether a failed poll says the code has expired (the service's error for it).
    let expiredBy: @Sendable (PassErrorSummary) -> Bool

    init(
        pollCall: @escaping @Sendable (String) -> APICall, interpret: @escaping @Sendable (APIResult) -> PollAnswer?,
        pollStep: CookbookStep?, expiredBy: @escaping @Sendable (PassErrorSummary) -> Bool = { _ in false }
    ) {
        self.pollCall = pollCall
        self.interpret = interpret
        self.pollStep = pollStep
        self.expiredBy = expiredBy
    }

    /// Shows the code and waits one interval before the first poll; `lifetime` (seconds) arms the
    /// expiry when the app, not the service, must notice it.
    static func show(_ screen: RegistrationCode, handle: String, interval: Int, lifetime: Double? = nil) -> (
        State, [Effect]
    ) {
        let expiry: [Effect] = lifetime.map { [.startTimer(.codeExpiry, seconds: $0)] } ?? []
        return (
            State(screen: screen, handle: handle, interval: interval),
            [.show(.registrationCode(screen)), .startTimer(.poll, seconds: Double(interval))] + expiry
        )
    }

    /// REST API V2's `GET /profiles/code/{code}` until a profile appears: how a REST API V2 app
    /// polls, and how the SDK, which calls the same service, does.
    static func profilesForCode(pollStep: CookbookStep?) -> CodePolling {
        CodePolling(
            pollCall: { .v2(.profileForCode($0)) },
            interpret: { result in
                guard case .profiles(let response) = result else { return nil }
                return response.profiles.isEmpty ? .pending(slowDown: false) : .signedIn
            },
            pollStep: pollStep,
            expiredBy: { $0.enhancedCode == .v2(.invalidAuthenticationSession) })
    }

    /// Polls at once, behind the home screen (the web view just reached the redirect URL).
    func pollNow(handle: String, interval: Int) -> (State, [Effect]) {
        (State(screen: nil, handle: handle, interval: interval), poll(handle))
    }

    func reduce(_ state: inout State, _ event: Event, _ context: FlowContext) -> PartStep<Outcome>? {
        switch event {
        case .answer(.newCodeRequested) where state.screen != nil:
            let note = Effect.record(.note(.newCodeReplaces(code: state.screen?.code ?? "")))
            return .done(.newCodeRequested, Self.cancelTimers + [note])
        case .answer(.codeScreenClosed) where state.screen != nil:
            return .done(.closed, Self.cancelTimers)
        case .timer(.poll) where !state.stopped:
            return PartStep(poll(state.handle))
        case .timer(.codeExpiry) where !state.stopped:
            return expire(&state, note: .codeTimeUp)
        case .api(.failed(let failure)) where !state.stopped:
            return failed(&state, failure)
        case .api(let result) where !state.stopped:
            guard let answer = interpret(result) else { return nil }
            return answered(&state, answer, result)
        default:
            return nil
        }
    }

    private func poll(_ handle: String) -> [Effect] {
        (pollStep.map { [.record(.step($0))] } ?? []) + [.call(pollCall(handle))]
    }

    private static let cancelTimers: [Effect] = [.cancelTimer(.poll), .cancelTimer(.codeExpiry)]

    private func answered(_ state: inout State, _ answer: PollAnswer, _ result: APIResult) -> PartStep<Outcome> {
        state.failures = 0
        switch answer {
        case .signedIn:
            return .done(.signedIn(result), Self.cancelTimers)
        case .expired:
            return expire(&state, note: .codeExpired)
        case .pending(let slowDown):
            var effects: [Effect] = []
            if slowDown {
                // RFC 8628: after slow_down every later poll waits five seconds more.
                state.interval += 5
                effects.append(.record(.note(.slowDown(interval: state.interval))))
            }
            if var screen = state.screen {
                screen.polls += 1
                state.screen = screen
                effects.append(.show(.registrationCode(screen)))
            }
            return PartStep(effects + [.startTimer(.poll, seconds: Double(state.interval))])
        }
    }

    private func failed(_ state: inout State, _ failure: PassErrorSummary) -> PartStep<Outcome> {
        switch failure.kind {
        case .throttled(let seconds):
            // Wait as long as Retry-After says, and never less than the usual interval.
            let wait = max(seconds, state.interval)
            return PartStep([
                .record(.note(.throttled(seconds: wait))), .startTimer(.poll, seconds: Double(wait)),
            ])
        case _ where expiredBy(failure):
            return expire(&state, note: .codeExpired)
        default:
            state.failures += 1
            guard state.failures >= Self.maximumFailures else {
                return PartStep([
                    .record(.note(.pollingFailed(message: failure.message))),
                    .startTimer(.poll, seconds: Double(state.interval)),
                ])
            }
            let note = Remark.pollingStopped(failures: state.failures, message: failure.message)
            return stop(&state, .serviceNotAnswering, note: note)
        }
    }

    private func expire(_ state: inout State, note: Remark) -> PartStep<Outcome> {
        guard state.screen != nil else {
            return .done(.gaveUp(.codeExpiredBeforeProfile), Self.cancelTimers)
        }
        return stop(&state, .expired, note: note)
    }

    /// Ends polling; the code screen stays, saying why, with "new code" offered.
    private func stop(_ state: inout State, _ status: CodeScreenStatus, note: Remark) -> PartStep<Outcome> {
        guard var screen = state.screen else { return .done(.gaveUp(note), Self.cancelTimers) }
        screen.status = status
        state.screen = screen
        state.stopped = true
        state.failures = 0
        return PartStep(Self.cancelTimers + [.record(.note(note)), .show(.registrationCode(screen))])
    }
}
