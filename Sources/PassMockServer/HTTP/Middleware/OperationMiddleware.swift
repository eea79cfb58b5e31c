import Hummingbird
import MockBackendAPI
import PassAPI
import Synchronization

/// Names the matched endpoint's operation first, so that fault rules can target it and the journal records it.
struct OperationMiddleware {
    let operations: EndpointOperations

    func name(_ request: Request, context: MockRequestContext) {
        context.notes.operation = operations.operation(method: request.method, endpointPath: context.endpointPath)
    }
}

/// The operation of every registered endpoint, by method and path pattern as Hummingbird reports
/// the matched endpoint (`context.endpointPath`).
final class EndpointOperations: Sendable {
    private let table = Mutex<[String: Endpoint]>([:])
    /// Each path pattern's methods, for the `Allow` of a method no route takes.
    private let methodsByPattern = Mutex<[String: Set<String>]>([:])

    func register(_ operation: Endpoint?, method: HTTPRequest.Method, path: RouterPath) {
        if let operation { table.withLock { $0[Self.key(method, path.description)] = operation } }
        methodsByPattern.withLock { _ = $0[path.description, default: []].insert(method.rawValue) }
    }

    /// The methods of the endpoint whose pattern matches `path` (`{name}` stands for one
    /// segment), sorted; nil when no endpoint has this path.
    func allowedMethods(forPath path: String) -> [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let patterns = methodsByPattern.withLock { $0 }
        for (pattern, methods) in patterns {
            let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == segments.count else { continue }
            let matches = zip(parts, segments).allSatisfy { part, segment in
                (part.hasPrefix("{") && part.hasSuffix("}") && !segment.isEmpty) || part == segment
            }
            if matches { return methods.sorted() }
        }
        return nil
    }

    /// Nil for the 405 answers and for paths no endpoint claims.
    func operation(method: HTTPRequest.Method, endpointPath: String?) -> Endpoint? {
        guard let endpointPath else { return nil }
        return table.withLock { $0[Self.key(method, endpointPath)] }
    }

    private static func key(_ method: HTTPRequest.Method, _ path: String) -> String { "\(method.rawValue) \(path)" }
}
