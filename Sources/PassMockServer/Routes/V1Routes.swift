import Foundation
import HTTPTypes
import PassAPI

/// REST API V1 ("clientless"), reference §B. It shares the back end's requestors, MVPDs,
/// personas, codes and authentication tokens with REST API V2.
struct V1Routes {
    let backend: MockBackend

    func register(into registry: inout RouteRegistry) {}
}
