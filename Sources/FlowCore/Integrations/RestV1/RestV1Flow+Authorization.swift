import PassAPI
import VSASimulator

extension RestV1Flow.Reducer {
    // MARK: - 11. Authorization

    mutating func preauthorize() -> [Effect] {
        guard state.basics.app.authentication.isAuthenticated, !state.basics.protectedTitles.isEmpty else {
            return afterPreauthorization()
        }
        state.phase = .preauthorizing
        return [
            .record(.step(Steps.preauthorize)), .call(.v1(.preauthorize(resources: state.basics.protectedTitles))),
        ]
    }

    mutating func preauthorized(_ response: V1PreauthorizeResponse) -> [Effect] {
        state.basics.app.recordPreauthorization(response.resources.map { ($0.id, $0.authorized) })
        return afterPreauthorization()
    }

    mutating func afterPreauthorization() -> [Effect] {
        guard let resource = state.basics.pendingPlay, state.basics.app.authentication.isAuthenticated else {
            return finishIdle([])
        }
        state.basics.pendingPlay = nil
        return authorize(resource)
    }

    mutating func authorize(_ resource: String) -> [Effect] {
        state.phase = .authorizing(resource)
        state.basics.app.activity = .authorizing
        return [.record(.step(Steps.authorize)), .call(.v1(.authorize(resource: resource)))]
    }
}
