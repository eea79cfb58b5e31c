import Foundation

/// One request as the mock saw it, secrets redacted.
public struct JournalEntry: Codable, Sendable, Equatable {
    /// The header of `GET /__tvsim/journal` that says, `true` or `false`, whether the journal
    /// holds every exchange since the server started or was reset: once it has dropped its
    /// oldest, a history read from it may miss a client's first calls.
    public static let completeHistoryHeader = "Tvsim-Journal-Complete"

    public let id: Int
    /// Simulated time, epoch milliseconds.
    public let time: Int64
    public let method: String
    public let uri: String
    public let operation: String?
    public let status: Int
    public let durationMilliseconds: Double
    public let requestHeaders: [String: String]
    public let requestBody: String?
    public let responseHeaders: [String: String]
    public let responseBody: String?
    /// Name of the fault that shaped the response, if any.
    public let fault: String?
    /// The registered client (its DCR `client_id`) whose access token the request carried, so
    /// that an audit of redacted entries still knows one app's calls across REST API V1 and V2.
    public let client: String?

    public init(
        id: Int, time: Int64, method: String, uri: String, operation: String?, status: Int,
        durationMilliseconds: Double, requestHeaders: [String: String], requestBody: String?,
        responseHeaders: [String: String], responseBody: String?, fault: String?, client: String? = nil
    ) {
        self.id = id
        self.time = time
        self.method = method
        self.uri = uri
        self.operation = operation
        self.status = status
        self.durationMilliseconds = durationMilliseconds
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.fault = fault
        self.client = client
    }
}
