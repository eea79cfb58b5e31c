import PassAPI

/// What the app does when a call to Adobe Pass fails, by where it was.
extension FlowReducer {
    mutating func apiFailed(_ failure: PassErrorSummary) -> [Effect] {
        switch (state.phase, failure.kind) {
        case (.secondScreen, .throttled(let seconds)), (.pollingAfterWebLogin, .throttled(let seconds)):
            // Wait at least as long as Retry-After says, then poll again.
            let wait = Double(max(1, seconds))
            return [.record(.note("Throttled: polling again in \(Int(wait)) s.")), .startTimer(.poll, seconds: wait)]
        case (.secondScreen(let code), .enhanced("invalid_authentication_session", _)):
            var screen = code
            screen.status = "This code has expired. Get a new code to try again."
            state.phase = .secondScreen(screen)
            return [
                .cancelTimer(.poll), .record(.note("The code expired; polling stops.")),
                .show(.registrationCode(screen)),
            ]
        case (.secondScreen, _), (.pollingAfterWebLogin, _):
            return [
                .record(.note("Polling failed (\(failure.message)); trying again.")),
                .startTimer(.poll, seconds: Double(setup.pollingInterval)),
            ]
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
        case (.authorizing(let resource), _):
            state.app.lastDenial = AppModel.Denial(
                resource: resource, code: failure.enhancedCode ?? "error", message: failure.message)
            return finishIdle(
                [status(.authorizationDenied, failure.message)]
                    + tell(
                        .denied(resource: resource, code: "GENERIC_AUTHORIZATION_ERROR", description: failure.message)))
        default:
            state.pendingPlay = nil
            return [.showHome]
                + finishIdle([.record(.note("\(Self.describe(state.phase)) failed: \(failure.message)"))])
        }
    }
}
