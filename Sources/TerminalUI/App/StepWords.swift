import FlowRuntime

/// A user's answer as the key bar says it, in the words of a scenario's steps (`pick Aurora
/// Cable`, `sign in as demo`), with providers by the names people know them by.
enum StepWords {
    static func describe(_ response: UserResponse, providerNames: [String: String]) -> String {
        func name(_ id: String) -> String { providerNames[id] ?? id }
        return switch response {
        case .act(let action): ScriptStep.app(action).description
        case .permission(let allowed): allowed.map { $0 ? "Allow" : "Don’t Allow" } ?? "dismiss"
        case .picker(.provider(let id)): "pick \(name(id))"
        case .picker(.otherProvider): "Other TV Provider"
        case .picker(.cancel), .signIn(.cancel), .screen(.mvpd(nil)), .screen(.closeWebLogin),
            .screen(.closeCodeScreen):
            "cancel"
        case .signIn(.credentials(let username, _)), .screen(.webLogin(let username, _)): "sign in as \(username)"
        case .screen(.mvpd(let id?)): "choose \(name(id))"
        case .screen(.completeSecondScreen(let username, _, _)): "second screen: sign in as \(username)"
        case .screen(.newCode): "new code"
        case .screen(.dismissNotice): "OK"
        case .wait(let seconds): "wait \(Int(seconds)) s"
        case .adjust(let adjustment): ScriptStep.adjust(adjustment).description
        case .idle, .quit: ""
        }
    }
}
