import PassAPI
import Testing

@testable import FlowCore

/// The shared polling part on its own: its rhythm, `Retry-After`, `slow_down`, failures in a
/// row, expiry, a new code and a closed screen, on the code screen and behind the home screen.
@Suite struct CodePollingTests {
    static let polling = CodePolling(
        pollCall: { .v2(.profileForCode($0)) },
        interpret: { result in
            switch result {
            case .profiles(let response): response.profiles.isEmpty ? .pending(slowDown: false) : .signedIn
            case .customDevicePending(let slowDown): .pending(slowDown: slowDown)
            case .customDeviceCodeExpired: .expired
            default: nil
            }
        },
        pollStep: RestV2Steps.pollProfile,
        // As REST API V2 says it: the session of the code is gone.
        expiredBy: CodePolling.profilesForCode(pollStep: nil).expiredBy)

    static let screen = RegistrationCode(
        code: "ABC1234", activationPath: "/activate", notAfter: Fixture.now + 1_800_000, mvpd: "Cascade",
        status: .waiting)

    static let poll: [Effect] = [.record(.step(RestV2Steps.pollProfile)), .call(.v2(.profileForCode("ABC1234")))]
    static let stopTimers: [Effect] = [.cancelTimer(.poll), .cancelTimer(.codeExpiry)]
    static let pending = Event.api(.profiles(ProfilesResponse(profiles: [:])))

    static func onScreen() -> PartStore<CodePolling> {
        let (state, effects) = CodePolling.show(screen, handle: "ABC1234", interval: 4)
        #expect(effects == [.show(.registrationCode(screen)), .startTimer(.poll, seconds: 4)])
        return PartStore(polling, state: state)
    }

    static func failure(_ kind: PassErrorSummary.Kind, _ message: String = "HTTP 503") -> Event {
        .api(.failed(PassErrorSummary(kind: kind, httpStatus: 503, message: message)))
    }

    @Test func pollsAtTheIntervalAndCountsOnTheScreen() {
        let store = Self.onScreen()
        store.send(.timer(.poll), Self.poll)
        var counted = Self.screen
        counted.polls = 1
        store.send(Self.pending, [.show(.registrationCode(counted)), .startTimer(.poll, seconds: 4)]) {
            $0.screen = counted
        }
    }

    @Test func slowDownAddsFiveSecondsToEveryLaterPoll() {
        let store = PartStore(
            Self.polling, state: CodePolling.State(screen: nil, handle: "device-code", interval: 5))
        store.send(
            .api(.customDevicePending(slowDown: true)),
            [.record(.note(.slowDown(interval: 10))), .startTimer(.poll, seconds: 10)]
        ) { $0.interval = 10 }
        store.send(.api(.customDevicePending(slowDown: false)), [.startTimer(.poll, seconds: 10)])
    }

    @Test func retryAfterIsHonouredButNeverShorterThanTheInterval() {
        let store = Self.onScreen()
        store.send(
            Self.failure(.throttled(retryAfter: 30)),
            [.record(.note(.throttled(seconds: 30))), .startTimer(.poll, seconds: 30)])
        store.send(
            Self.failure(.throttled(retryAfter: 1)),
            [.record(.note(.throttled(seconds: 4))), .startTimer(.poll, seconds: 4)])
    }

    @Test func fiveFailuresInARowStopPollingAndSaySo() {
        let store = Self.onScreen()
        for count in 1..<CodePolling.maximumFailures {
            store.send(
                Self.failure(.transport, "no response"),
                [.record(.note(.pollingFailed(message: "no response"))), .startTimer(.poll, seconds: 4)]
            ) { $0.failures = count }
        }
        var stopped = Self.screen
        stopped.status = .serviceNotAnswering
        store.send(
            Self.failure(.transport, "no response"),
            Self.stopTimers + [
                .record(.note(.pollingStopped(failures: 5, message: "no response"))),
                .show(.registrationCode(stopped)),
            ]
        ) {
            $0.screen = stopped
            $0.stopped = true
            $0.failures = 0
        }
        // Stopped: nothing more is polled until the user asks for a new code.
        store.ignores(.timer(.poll))
        store.ignores(Self.pending)
        store.send(
            .answer(.newCodeRequested),
            Self.stopTimers + [.record(.note(.newCodeReplaces(code: "ABC1234")))],
            outcome: .newCodeRequested)
    }

    @Test func aSuccessfulPollResetsTheFailureCount() {
        let store = Self.onScreen()
        store.send(
            Self.failure(.unexpectedStatus),
            [.record(.note(.pollingFailed(message: "HTTP 503"))), .startTimer(.poll, seconds: 4)]
        ) { $0.failures = 1 }
        var counted = Self.screen
        counted.polls = 1
        store.send(Self.pending, [.show(.registrationCode(counted)), .startTimer(.poll, seconds: 4)]) {
            $0.failures = 0
            $0.screen = counted
        }
    }

    @Test func anExpiredSessionOrTheAppsTimerEndsTheCodeOnScreen() {
        var expired = Self.screen
        expired.status = .expired
        let ended: (inout CodePolling.State) -> Void = {
            $0.screen = expired
            $0.stopped = true
        }
        let service = Self.onScreen()
        service.send(
            Self.failure(.enhanced(.v2(.invalidAuthenticationSession), action: .authentication)),
            Self.stopTimers + [
                .record(.note(.codeExpired)), .show(.registrationCode(expired)),
            ], ended)
        let timer = Self.onScreen()
        timer.send(
            .timer(.codeExpiry),
            Self.stopTimers + [
                .record(.note(.codeTimeUp)), .show(.registrationCode(expired)),
            ], ended)
    }

    @Test func behindTheHomeScreenAnExpiryGivesUp() {
        let (state, effects) = Self.polling.pollNow(handle: "ABC1234", interval: 4)
        #expect(effects == Self.poll)
        let store = PartStore(Self.polling, state: state)
        store.send(
            Self.failure(.enhanced(.v2(.invalidAuthenticationSession), action: .authentication)), Self.stopTimers,
            outcome: .gaveUp(.codeExpiredBeforeProfile))
        // Without a screen there is nothing to close or renew.
        store.ignores(.answer(.codeScreenClosed))
        store.ignores(.answer(.newCodeRequested))
    }

    @Test func aProfileSignsInAndAClosedScreenEnds() {
        let profiles = ProfilesResponse(profiles: ["Cascade": Fixture.profile(.regular)])
        Self.onScreen().send(.api(.profiles(profiles)), Self.stopTimers, outcome: .signedIn(.profiles(profiles)))
        Self.onScreen().send(.answer(.codeScreenClosed), Self.stopTimers, outcome: .closed)
    }

    @Test func answersOfOtherCallsAreNotThePollings() {
        let store = Self.onScreen()
        store.ignores(.api(.v1TokenExchanged))
        store.ignores(.timer(.retryAfterThrottle))
    }
}
