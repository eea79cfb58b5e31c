import Foundation
import HTTPTypes

/// One HTTP request and its answer, in the one shape every part of tvsim gives them: a client's
/// call on the timeline, an entry of the mock's journal (`GET /__tvsim/journal`), an entry of a
/// HAR file read or written, and what the audit reads. Secrets are redacted by whoever records
/// it (an audit needs their presence, not their values).
public struct HTTPExchange: Sendable, Codable, Equatable {
    /// Its place where it came from: the timeline's or the journal's id, a HAR entry's
    /// position (1-based).
    public var id: Int
    /// What the call is for (`sessions.create`, `web.follow`), when whoever recorded it knows.
    public var operation: String?
    public var method: String
    /// An absolute URL, or the request target as the mock received it (`/api/v2/…?…`).
    public var url: String
    /// In the order they were sent, repeats kept.
    public var requestHeaders: HTTPFields
    public var requestBody: String?
    /// The answer's status; nil when no answer came.
    public var status: Int?
    public var responseHeaders: HTTPFields
    public var responseBody: String?
    /// When the request started, simulated time in epoch milliseconds.
    public var startedAt: Int64
    /// How long it took, wall-clock milliseconds.
    public var durationMilliseconds: Double
    /// Why no answer came (connection refused, reset, timeout), as the client saw it.
    public var failure: String?
    /// The mock's fault that shaped the answer, as `kind#id`.
    public var fault: String?
    /// The registered client (DCR `client_id`) whose access token the call carried, when the
    /// recorder knows: with tokens redacted, what ties one app's REST API V1 and V2 calls together.
    public var client: String?
    /// The HAR page it belongs to (tvsim's export has one page per run).
    public var page: String?
    /// The answer had a body the HAR file did not keep (Chrome leaves compressed ones out).
    public var responseBodyMissing: Bool

    public init(
        id: Int, operation: String? = nil, method: String, url: String, requestHeaders: HTTPFields = [:],
        requestBody: String? = nil, status: Int?, responseHeaders: HTTPFields = [:], responseBody: String? = nil,
        startedAt: Int64, durationMilliseconds: Double = 0, failure: String? = nil, fault: String? = nil,
        client: String? = nil, page: String? = nil, responseBodyMissing: Bool = false
    ) {
        self.id = id
        self.operation = operation
        self.method = method.uppercased()
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
        self.failure = failure
        self.fault = fault
        self.client = client
        self.page = page
        self.responseBodyMissing = responseBodyMissing
    }

    private enum CodingKeys: String, CodingKey {
        case id, operation, method, url, requestHeaders, requestBody, status, responseHeaders, responseBody
        case startedAt, durationMilliseconds, failure, fault, client, page, responseBodyMissing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            operation: try container.decodeIfPresent(String.self, forKey: .operation),
            method: try container.decode(String.self, forKey: .method),
            url: try container.decode(String.self, forKey: .url),
            requestHeaders: try container.decodeIfPresent(HeaderList.self, forKey: .requestHeaders)?.fields ?? [:],
            requestBody: try container.decodeIfPresent(String.self, forKey: .requestBody),
            status: try container.decodeIfPresent(Int.self, forKey: .status),
            responseHeaders: try container.decodeIfPresent(HeaderList.self, forKey: .responseHeaders)?.fields ?? [:],
            responseBody: try container.decodeIfPresent(String.self, forKey: .responseBody),
            startedAt: try container.decode(Int64.self, forKey: .startedAt),
            durationMilliseconds: try container.decodeIfPresent(Double.self, forKey: .durationMilliseconds) ?? 0,
            failure: try container.decodeIfPresent(String.self, forKey: .failure),
            fault: try container.decodeIfPresent(String.self, forKey: .fault),
            client: try container.decodeIfPresent(String.self, forKey: .client),
            page: try container.decodeIfPresent(String.self, forKey: .page),
            responseBodyMissing: try container.decodeIfPresent(Bool.self, forKey: .responseBodyMissing) ?? false)
    }

    /// Absent fields are left out; `status` is absent when no answer came.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(operation, forKey: .operation)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        try container.encode(HeaderList(requestHeaders), forKey: .requestHeaders)
        try container.encodeIfPresent(requestBody, forKey: .requestBody)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(HeaderList(responseHeaders), forKey: .responseHeaders)
        try container.encodeIfPresent(responseBody, forKey: .responseBody)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(durationMilliseconds, forKey: .durationMilliseconds)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encodeIfPresent(fault, forKey: .fault)
        try container.encodeIfPresent(client, forKey: .client)
        try container.encodeIfPresent(page, forKey: .page)
        if responseBodyMissing { try container.encode(true, forKey: .responseBodyMissing) }
    }
}

/// Headers as JSON: a list of `{"name", "value"}` in their order, values as the UTF-8 text they
/// are (HTTPTypes' own coding reads them as ISO Latin-1, which would garble `‹redacted›`).
private struct HeaderList: Codable {
    struct Header: Codable {
        let name: String
        let value: String
    }

    let fields: HTTPFields

    init(_ fields: HTTPFields) {
        self.fields = fields
    }

    init(from decoder: any Decoder) throws {
        let headers = try [Header](from: decoder)
        fields = HTTPFields(pairs: headers.map { ($0.name, $0.value) })
    }

    func encode(to encoder: any Encoder) throws {
        try fields.map { Header(name: $0.name.rawName, value: $0.value) }.encode(to: encoder)
    }
}

/// Receives every exchange as it completes.
public typealias ExchangeObserver = @Sendable (HTTPExchange) -> Void
