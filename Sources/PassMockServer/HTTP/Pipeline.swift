import Foundation
import HTTPTypes
import Hummingbird
import MockBackendAPI
import NIOCore
import NIOPosix
import PassAPI
import Simulation

extension MockBackend {
    /// The one path every request takes: limits, throttle, faults, handler, error mapping, journal.
    func respond(
        to request: Request, operation: MockOperation?, context: MockRequestContext,
        handler: (IncomingRequest) async throws -> MockResponse
    ) async throws -> Response {
        let started = ContinuousClock.now
        context.notes.operation = operation
        context.notes.trace = newIdentifier()
        var incoming: IncomingRequest?
        var reply: MockResponse
        do {
            try checkHeaderSizes(request.headers)
            if let throttled = throttleIfNeeded(request, context: context) {
                reply = throttled
            } else {
                let read = try await IncomingRequest.read(request, limit: settings.limits.maxBodyBytes)
                incoming = read
                if let faulted = try await applyFault(to: read, operation: operation, context: context) {
                    reply = faulted
                } else {
                    reply = try await handler(read)
                }
            }
        } catch {
            if context.notes.resetConnection { throw error }
            reply = self.reply(for: error, operation: operation, context: context, request: request)
        }
        if context.notes.fault?.hasPrefix("malformed") == true {
            reply.body = reply.body.prefix(max(1, reply.body.count / 2))
        }
        reply.setHeader(HeaderName.requestId, context.notes.trace)
        record(request: request, incoming: incoming, reply: reply, context: context, started: started)
        return reply.hummingbird
    }

    /// Maps anything a handler threw to the answer its kind of endpoint gives.
    func reply(for error: any Error, operation: MockOperation?, context: MockRequestContext, request: Request)
        -> MockResponse
    {
        if operation?.answersHTML != true, operation?.isV1 == true || V1Style.isV1Path(request.uri.path) {
            let style = V1Style(
                path: request.uri.path, inputs: IncomingRequest.parseQuery(request.uri.query),
                accept: request.headers[.accept], index: index)
            if let reply = V1Reply.failure(for: error, style: style, trace: context.notes.trace) { return reply }
            if !(error is PageFailure) {
                context.logger.error("unexpected error in \(operation?.rawValue ?? "request"): \(error)")
                return V1Reply.failure(V1Failure(.internalError, status: 500), style: style, trace: context.notes.trace)
            }
        }
        switch error {
        case let failure as EnhancedFailure:
            let status = failure.status ?? failure.code.status
            let message = failure.details ?? failure.code.message
            if operation?.answersOAuthErrors == true {
                return Reply.json(["error": failure.code.rawValue, "error_description": message], status: status)
            }
            if operation?.answersProviderErrors == true {
                return Reply.json(["error": failure.code.rawValue, "message": message], status: status)
            }
            if operation?.answersHTML == true {
                return Pages.error(
                    status: failure.status ?? failure.code.status, title: "Request failed",
                    message: failure.details ?? failure.code.message, code: failure.code.rawValue)
            }
            return Reply.enhancedError(failure, trace: context.notes.trace)
        case let failure as OAuthFailure:
            return Reply.oauthError(failure)
        case let failure as PageFailure:
            return Pages.error(status: failure.status, title: failure.title, message: failure.message, code: nil)
        case let failure as AdminFailure:
            return Reply.json(failure.message, status: 400)
        case let failure as IdentityProviderFailure:
            return Reply.json(["error": failure.error, "message": failure.message], status: failure.status)
        default:
            context.logger.error("unexpected error in \(operation?.rawValue ?? "request"): \(error)")
            return Reply.enhancedError(EnhancedFailure(.internalServerError), trace: context.notes.trace)
        }
    }

    private func checkHeaderSizes(_ headers: HTTPFields) throws {
        let limit = settings.limits.maxHeaderBytes
        for field in headers where field.value.utf8.count > limit {
            throw EnhancedFailure(
                .requestTooLarge, "The \(field.name.canonicalName) header is longer than \(limit) bytes.", status: 431)
        }
    }

    /// Paths covered by the documented throttle.
    private static func isThrottled(path: String) -> Bool {
        path.hasPrefix("/o/client/") || path.hasPrefix("/api/v2/") || path.hasPrefix("/api/v1/")
            || path.hasPrefix("/reggie/v1/") || path.hasPrefix("/adobe-services/config/")
    }

    private func throttleIfNeeded(_ request: Request, context: MockRequestContext) -> MockResponse? {
        let settings = self.settings
        guard settings.throttling.enabled, Self.isThrottled(path: request.uri.path) else { return nil }
        let forwarded = request.headers[HTTPField.Name(HeaderName.forwardedFor)!]?.split(separator: ",").first
        let client =
            forwarded.map { $0.trimmingCharacters(in: .whitespaces) } ?? context.remoteAddress?.ipAddress ?? "local"
        let admitted = throttle.admit(
            client: client, now: now, settings: settings.throttling, maxClients: settings.limits.maxThrottledClients)
        return admitted ? nil : Reply.throttled(retryAfter: 1)
    }

    /// Runs the fault (if any) for this request. Returns the answer when the fault replaces the
    /// handler; nil when the handler should run.
    func applyFault(to request: IncomingRequest, operation: MockOperation?, context: MockRequestContext) async throws
        -> MockResponse?
    {
        guard operation != .admin,
            let rule = faults.fire(method: request.method, path: request.path, operation: operation)
        else { return nil }
        context.notes.fault = "\(rule.kind.rawValue)#\(rule.id ?? 0)"
        switch rule.kind {
        case .latency:
            // On a virtual clock the answer comes later without anyone waiting for real.
            let delay = TimeInterval(rule.latencyMilliseconds ?? 0) / 1000
            try await clock.wait(until: clock.now().addingTimeInterval(delay))
            return nil
        case .status where operation?.answersProviderErrors == true:
            // Identity providers have their own error vocabulary (invalid_verification_token, …).
            throw IdentityProviderFailure(
                status: rule.status ?? 500, error: rule.code ?? "provider_error", message: "Injected fault.")
        case .status where operation?.isV1 == true && rule.code.flatMap(V1ErrorCode.init(rawValue:)) != nil:
            throw V1Failure(V1ErrorCode(rawValue: rule.code!)!, status: rule.status, details: "Injected fault.")
        case .status:
            let known = rule.code.flatMap(ErrorCode.init(rawValue:))
            let details = known == nil ? "Injected fault\(rule.code.map { " (\($0))" } ?? "")." : "Injected fault."
            throw EnhancedFailure(known ?? .internalServerError, details, status: rule.status)
        case .throttle:
            return Reply.throttled(retryAfter: rule.retryAfterSeconds ?? 1)
        case .reset:
            context.notes.resetConnection = true
            resetConnection(context)
            throw ConnectionResetFault()
        case .malformed:
            return nil
        }
    }

    /// Closes the connection with SO_LINGER 0, which makes the kernel send a TCP reset.
    private func resetConnection(_ context: MockRequestContext) {
        guard let channel = context.channel else { return }
        channel.eventLoop.execute {
            guard let socket = channel as? any SocketOptionProvider else {
                channel.close(mode: .all, promise: nil)
                return
            }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                channel.close(mode: .all, promise: nil)
            }
        }
    }

    private func record(
        request: Request, incoming: IncomingRequest?, reply: MockResponse, context: MockRequestContext,
        started: ContinuousClock.Instant
    ) {
        let elapsed = (ContinuousClock.now - started).timeInterval * 1000
        let exchange = Journal.Exchange(
            time: nowMilliseconds, method: request.method.rawValue, uri: request.uri.description,
            operation: context.notes.operation?.rawValue, status: reply.status,
            durationMilliseconds: (elapsed * 1000).rounded() / 1000,
            requestHeaders: request.headers.map { ($0.name.rawName, $0.value) },
            requestBody: Journal.Body(incoming?.body ?? Data(), contentType: incoming?.contentType),
            responseHeaders: reply.headers.map { ($0.0, $0.1) },
            responseBody: Journal.Body(reply.body, contentType: reply.contentType), fault: context.notes.fault)
        let id = journal.record(exchange)
        if hasObservers { notifyObservers(Journal.entry(id: id, exchange)) }
    }
}

/// Thrown after the connection was reset on purpose; nothing must be written afterwards.
struct ConnectionResetFault: Error {}
