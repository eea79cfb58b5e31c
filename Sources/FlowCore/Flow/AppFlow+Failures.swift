import PassAPI

/// What the app does when a call to Adobe Pass fails, by where it was.
extension FlowReducer {
    /// Polls in a row that may fail before the app gives up on a code.
    static let maximumPollFailures = 5

    /// Ends polling for a code; the screen stays, saying why, with "new code" offered.
    mutating func stopPolling(_ code: RegistrationCode, status text: String, note: String) -> [Effect] {
        var screen = code
        screen.status = text
        state.phase = .secondScreen(screen)
        state.pollFailures = 0
        return [.cancelTimer(.poll), .record(.note(note)), .show(.registrationCode(screen))]
    }

    /// Seconds between polls: the app's own, or what a custom identity provider asked for.
    var pollingInterval: Int { state.customPolling?.interval ?? setup.pollingInterval }

    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch (state.phase, failure.kind) {
        case (.secondScreen, .throttled(let seconds)), (.pollingAfterWebLogin, .throttled(let seconds)):
            // Wait as long as Retry-After says, and never less than the usual interval.
            let wait = Double(max(seconds, pollingInterval))
            return [.record(.note("Throttled: polling again in \(Int(wait)) s.")), .startTimer(.poll, seconds: wait)]
        case (.secondScreen(let code), .enhanced("invalid_authentication_session", _)):
            return stopPolling(
                code, status: "This code has expired. Get a new code to try again.",
                note: "The code expired; polling stops.")
        case (.pollingAfterWebLogin, .enhanced("invalid_authentication_session", _)):
            state.pendingPlay = nil
            return finishIdle([
                .record(.note("The code expired before a profile appeared; polling stops.")), status(.notAuthenticated),
            ])
        case (.secondScreen, _), (.pollingAfterWebLogin, _), (.v1PollingAfterWebLogin, _):
            state.pollFailures += 1
            guard state.pollFailures >= Self.maximumPollFailures else {
                return [
                    .record(.note("Polling failed (\(failure.message)); trying again.")),
                    .startTimer(.poll, seconds: Double(pollingInterval)),
                ]
            }
            let note = "Polling failed \(state.pollFailures) times in a row (\(failure.message)); it stops."
            if case .secondScreen(let code) = state.phase {
                return stopPolling(
                    code, status: "The service does not answer. Get a new code to try again.", note: note)
            }
            state.pendingPlay = nil
            return finishIdle([.record(.note(note)), status(.notAuthenticated)])
        case (.loadingConfiguration(let goal), _):
            let code: StatusCode =
                failure.enhancedCode == "invalid_parameter_service_provider"
                ? .invalidRequestor : .serverError(failure.httpStatus ?? 500)
            state.pendingPlay = nil
            var effects = [status(code, failure.message)]
            if state.isSDK, goal == .launch { effects += tell(.requestorReady(false)) }
            return finishIdle(effects)
        case (.partnerSession(let mvpd, let silent), _), (.partnerProfile(let mvpd, let silent), _):
            let note = Effect.record(.note("Single sign-on failed (\(failure.message))."))
            if silent { return [note] + afterSilentExchange(succeeded: false) }
            return [note] + tell(.continuingWithBasic) + startBasicAuthentication(mvpd)
        case (.checkingProfiles, _):
            state.app.authentication = .notAuthenticated
            return finishIdle(
                [.record(.note("Profiles could not be read (\(failure.message))."))]
                    + tell(.authenticationStatus(false, "Generic Authentication Error")))
        case (.authorizing(let resource), _), (.v1MediaToken(let resource), _):
            state.app.lastDenial = AppModel.Denial(
                resource: resource, code: failure.enhancedCode ?? "error", message: failure.message)
            var effects =
                [status(.authorizationDenied, failure.message)]
                + tell(.denied(resource: resource, code: "GENERIC_AUTHORIZATION_ERROR", description: failure.message))
            if case .enhanced(_, .authentication) = failure.kind {
                // The token is missing or expired: the user must sign in again.
                state.app.authentication = .notAuthenticated
                state.app.unlocked = [:]
                effects.append(status(.notAuthenticated, "Sign in again to play."))
            }
            return finishIdle(effects)
        case (.customInfo(let provider, let silent), _), (.customTranslate(let provider, let silent), _):
            let note = Effect.record(.note("The identity provider refused (\(failure.message))."))
            return [note] + customFallback(silent: silent, provider: provider)
        case (.customExchanging, _), (.customRequestingCode, _):
            state.pendingPlay = nil
            return [.showHome]
                + finishIdle([
                    .record(.note("The app's own sign-in failed (\(failure.message)).")), status(.notAuthenticated),
                ])
        case (.v1ReadingToken, _):
            return finishIdle([.record(.note("The token could not be read (\(failure.message))."))])
        case (.v1ReadingTokenSource(let mvpd), _):
            return [.record(.note("tokenSource is unknown (\(failure.message)); logging out anyway."))]
                + v1Logout(mvpd: mvpd, appleSource: false)
        case (.v1LoggingOut(let appleSource), _):
            return [.record(.note("The logout failed (\(failure.message))."))] + v1LoggedOut(appleSource: appleSource)
        default:
            state.pendingPlay = nil
            return [.showHome]
                + finishIdle([.record(.note("\(Self.describe(state.phase)) failed: \(failure.message)"))])
        }
    }
}
