import Foundation
import Hummingbird
import Logging
import NIOCore
import PassAPI
import ServiceLifecycle
import Synchronization

/// The mock back end over real HTTP: a Hummingbird server on loopback (port 0 picks a free port).
public enum MockServer {
    /// The router with every endpoint of the mock. Tests drive it directly (no socket).
    public static func makeRouter(backend: MockBackend) -> Router<MockRequestContext> {
        registry(backend: backend).router
    }

    /// Every endpoint the mock serves, in the order they are registered.
    public static func routes(backend: MockBackend) -> [MockRoute] {
        registry(backend: backend).endpoints
    }

    static func registry(backend: MockBackend) -> RouteRegistry {
        let router = Router(context: MockRequestContext.self)
        var registry = RouteRegistry(router: router, backend: backend)
        DCRRoutes(backend: backend).register(into: &registry)
        V2Routes(backend: backend).register(into: &registry)
        WebAuthenticationRoutes(backend: backend).register(into: &registry)
        IdentityProviderRoutes(backend: backend).register(into: &registry)
        ActivationRoutes(backend: backend).register(into: &registry)
        V1Routes(backend: backend).register(into: &registry)
        CustomIdentityProviderRoutes(backend: backend).register(into: &registry)
        AdminRoutes(backend: backend).register(into: &registry)
        registry.finish()
        return registry
    }

    /// The `Server` of every answer.
    static let serverName = "tvsim"

    /// Keep-alive connections idle this long are closed.
    public static let idleTimeoutSeconds: Int64 = 60

    /// `advertisedHost` is the name links handed out use (activation URL, session URLs); by
    /// default the bound address, or 127.0.0.1 when it binds every interface.
    /// `answersOnEventLoop` false leaves every request to the server's task, as the requests
    /// an `EventLoopResponder` passes on are (tests compare the two). Connections are served on
    /// `eventLoopGroup`, by default the process's shared one.
    public static func makeApplication(
        backend: MockBackend, host: String = "127.0.0.1", port: Int = 0, advertisedHost: String? = nil,
        logger: Logger? = nil, answersOnEventLoop: Bool = true, eventLoopGroup: (any EventLoopGroup)? = nil,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let logger = logger ?? ServerLogHandler.logger(level: .warning)
        let registry = registry(backend: backend)
        let routes = registry.synchronousRoutes
        return Application(
            router: registry.router,
            // A client that opens connections and walks away must not hold server memory for
            // good; a polling device reuses its connection well within a minute.
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [UnreadableRequestHandler(backend: backend)]
                        + (answersOnEventLoop
                            ? [
                                EventLoopResponder.Installer {
                                    EventLoopResponder(routes: routes, backend: backend, logger: logger)
                                }
                            ] : []),
                    idleTimeout: .seconds(idleTimeoutSeconds))),
            // Below the file-descriptor limit, so that the server never spins on a failing accept.
            configuration: .init(
                address: .hostname(host, port: port), serverName: serverName,
                availableConnectionsDelegate: ConnectionBudget(logger: logger)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shownHost = advertisedHost ?? (host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host)
                backend.baseURL = "http://\(shownHost.contains(":") ? "[\(shownHost)]" : shownHost):\(bound)"
                await onRunning(bound)
            },
            eventLoopGroupProvider: eventLoopGroup.map { .shared($0) } ?? .singleton,
            logger: logger)
    }

    /// How long requests in flight may take to finish after SIGTERM, SIGINT or SIGHUP, by default.
    public static let defaultShutdownGrace: Duration = .seconds(10)

    /// Runs in the foreground until SIGTERM, SIGINT or SIGHUP (its terminal closed). Requests in
    /// flight get `grace` to finish;
    /// after it, connections still open are cut, so that no client can keep the server up.
    public static func runUntilSignalled(
        _ application: some ApplicationProtocol, grace: Duration = defaultShutdownGrace
    ) async throws {
        let logger = ServerLogHandler.logger(level: .warning)
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: application)], gracefulShutdownSignals: [.sigterm, .sigint, .sighup],
            logger: logger)
        configuration.maximumGracefulShutdownDuration = grace
        try await ServiceGroup(configuration: configuration).run()
    }

    /// Starts the server in the background and returns once it accepts connections.
    public static func start(
        backend: MockBackend, host: String = "127.0.0.1", port: Int = 0, answersOnEventLoop: Bool = true
    ) async throws -> RunningMockServer {
        let (ready, continuation) = AsyncStream<Int>.makeStream()
        let application = makeApplication(
            backend: backend, host: host, port: port, answersOnEventLoop: answersOnEventLoop
        ) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let logger = ServerLogHandler.logger(level: .critical)
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task {
            do {
                try await group.run()
            } catch {
                continuation.finish()
                throw error
            }
        }
        var iterator = ready.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            _ = try await task.value
            throw MockServerError.didNotStart
        }
        return RunningMockServer(backend: backend, port: bound, group: group, task: task)
    }
}

public enum MockServerError: Error, CustomStringConvertible {
    case didNotStart

    public var description: String { "the mock server stopped before it accepted connections" }
}

/// A server started with `MockServer.start`; `stop()` shuts it down gracefully.
public final class RunningMockServer: Sendable {
    public let backend: MockBackend
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(backend: MockBackend, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.backend = backend
        self.port = port
        self.group = group
        self.task = task
    }

    public var baseURL: String { backend.baseURL }

    /// Stops accepting connections, lets requests in flight finish, and returns when done.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
