import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import NIOHTTP1
import PassAPI

/// A request with its body read (within the size limit) and helpers for the inputs the Adobe
/// Pass endpoints take: headers matched case-insensitively, URL-encoded forms, JSON, query.
struct IncomingRequest: Sendable {
    let method: String
    let path: String
    let query: [String: String]
    let headers: HTTPFields
    let body: Data
    let rawQuery: String?
    /// The `Host` the request was sent to (HTTP/1.1's Host header, HTTP/2's `:authority`).
    var authority: String? = nil

    /// How much of a refused body is read and dropped, so that a client sending it all before it
    /// reads gets the 413 at once; beyond this the connection is simply closed.
    static let drainLimit = 64 << 20

    /// The body length a `Content-Length` value declares; digits too many for an `Int` declare
    /// more than any limit (the parser has checked the value is digits).
    static func declaredLength(_ value: String?) -> Int? {
        guard let value else { return nil }
        if let length = Int(value) { return length }
        return !value.isEmpty && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            ? .max : nil
    }

    static func read(_ request: Request, limit: Int) async throws -> IncomingRequest {
        let contentLength = request.headers.value(of: .contentLength)
        if let declared = declaredLength(contentLength), declared > limit {
            // Answered before any of the body is read; the connection closes after this answer,
            // dropping what the client still sends for a moment (`HTTP1ConnectionRules`).
            throw tooLarge("The body is \(declared) bytes; the limit is \(limit).")
        }
        // No Content-Length and no Transfer-Encoding: no body (RFC 9112 §6.3), nothing to read.
        let declaresBody = contentLength != nil || request.headers[.transferEncoding] != nil
        let body = declaresBody ? try await collect(request.body, limit: limit) : Data()
        return IncomingRequest(request, body: body)
    }

    /// Reads the body through one iterator: a request body can be iterated once only (a second
    /// iterator is a failed assertion in debug builds), so the part over the limit is drained
    /// through the same one.
    private static func collect(_ body: RequestBody, limit: Int) async throws -> Data {
        var iterator = body.makeAsyncIterator()
        var collected = Data()
        do {
            while let chunk = try await iterator.next() {
                guard collected.count + chunk.readableBytes <= limit else {
                    await drain(iterator)
                    throw tooLarge("The body is larger than \(limit) bytes.")
                }
                collected.append(contentsOf: chunk.readableBytesView)
            }
        } catch let error as HTTPParserError {
            // A broken chunked body: the parser stops there, so this answer ends the connection.
            throw EnhancedFailure(.badRequest, "The body is not valid HTTP/1.1 (\(error.inWords)).")
        }
        return collected
    }

    /// The 413, sent once the body was drained: the connection stays usable.
    static func tooLarge(_ details: String) -> EnhancedFailure {
        EnhancedFailure(.requestTooLarge, details)
    }

    /// Reads and drops what is left of the body, up to `drainLimit`.
    static func drain(_ iterator: RequestBody.AsyncIterator) async {
        var iterator = iterator
        var dropped = 0
        do {
            while let chunk = try await iterator.next() {
                dropped += chunk.readableBytes
                if dropped > drainLimit { break }
            }
        } catch {}
    }

    func header(_ name: HTTPField.Name) -> String? { headers.value(of: name) }

    /// The strings of the browser's language (`Accept-Language`), for the pages people read.
    var strings: Strings { Strings.of(Language.negotiate(acceptLanguage: header(.acceptLanguage))) }

    /// True when `Accept` names HTML, as every browser's navigation does.
    var acceptsHTML: Bool { header(.accept)?.lowercased().contains("text/html") ?? false }

    var contentType: String? { header(.contentType) }

    // MARK: Forms

    /// Parses the body as `application/x-www-form-urlencoded`. A body with another declared type
    /// or broken percent-encoding is a bad request; an empty body is an empty form.
    func form() throws -> [String: String] {
        if body.isEmpty { return [:] }
        if let type = contentType?.lowercased(), !type.hasPrefix("application/x-www-form-urlencoded") {
            throw EnhancedFailure(.badRequest, "Expected Content-Type application/x-www-form-urlencoded, got \(type).")
        }
        guard let text = String(data: body, encoding: .utf8) else {
            throw EnhancedFailure(.badRequest, "The form body is not UTF-8.")
        }
        guard let form = Self.parseForm(text) else {
            throw EnhancedFailure(.badRequest, "The form body has invalid percent-encoding.")
        }
        return form
    }

    /// `a=1&b=2` → dictionary; nil when an escape is broken. Repeated names keep the first value.
    static func parseForm(_ text: String) -> [String: String]? {
        var result: [String: String] = [:]
        let utf8 = text.utf8
        var start = utf8.startIndex
        // Pairs between `&`s (empty ones skipped), each split at its first `=`: on the UTF-8
        // view, which costs a fraction of the generic `split` on characters.
        while start != utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start != end {
                let pair = text[start..<end]
                let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
                guard let name = pair[..<(equals ?? pair.endIndex)].formDecoded else { return nil }
                guard let value = equals.map({ pair[pair.utf8.index(after: $0)...].formDecoded }) ?? ""
                else { return nil }
                if result[name] == nil { result[name] = value }
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
        return result
    }

    static func parseQuery(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        return parseForm(query) ?? [:]
    }

    // MARK: JSON

    /// Decodes a JSON body; `code` is the error to answer when it is not the expected JSON.
    func json<T: Decodable>(_ type: T.Type, invalid code: ErrorCode) throws -> T {
        if let type = contentType?.lowercased(), !type.contains("json") {
            throw EnhancedFailure(code, "Expected Content-Type application/json, got \(type).")
        }
        guard !body.isEmpty else { throw EnhancedFailure(code, "The request body is empty.") }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch DecodingError.keyNotFound(let key, _) {
            throw EnhancedFailure(code, "The JSON body has no '\(key.stringValue)'.")
        } catch DecodingError.typeMismatch(_, let context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw EnhancedFailure(code, "The JSON body has the wrong type at '\(path)'.")
        } catch {
            throw EnhancedFailure(code, "The request body is not valid JSON.")
        }
    }
}

extension IncomingRequest {

    /// `request` with `body`, read already (within the limit).
    init(_ request: Request, body: Data) {
        self.init(
            method: request.method.rawValue, path: request.uri.path,
            query: Self.parseQuery(request.uri.query), headers: request.headers,
            body: body, rawQuery: request.uri.query, authority: request.head.authority)
    }
}
