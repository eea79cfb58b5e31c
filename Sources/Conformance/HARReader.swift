import Foundation
import LocatedJSON
import PassAPI

/// Reads HAR 1.2 archives (tvsim's export, Chrome DevTools, Firefox, Charles, Proxyman) into
/// exchanges.
/// Fields HAR tools add beyond the specification are ignored; a missing required one is named
/// with its line. Nothing read is written anywhere.
public enum HARReader {
    struct Archive: Decodable {
        let log: Log
    }

    struct Log: Decodable {
        let entries: [Entry]
    }

    struct Entry: Decodable {
        let pageref: String?
        let startedDateTime: String
        let request: Request
        let response: Response
        /// tvsim's own: the registered client whose (redacted) token the call carried.
        let _client: String?
    }

    struct Request: Decodable {
        let method: String
        let url: String
        let headers: [NameValue]
        let postData: PostData?
    }

    struct PostData: Decodable {
        let text: String?
        /// A form's fields, which some tools write instead of the text.
        let params: [Param]?

        /// The body: its text, or a form rebuilt from its fields.
        var body: String? {
            text
                ?? params.map { fields in
                    fields.map { "\(Self.encoded($0.name))=\(Self.encoded($0.value ?? ""))" }.joined(separator: "&")
                }
        }

        static func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: formSafe) ?? text
        }

        static let formSafe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    }

    struct Param: Decodable {
        let name: String
        let value: String?
    }

    struct Response: Decodable {
        let status: Int
        let headers: [NameValue]
        let content: Content?
    }

    struct Content: Decodable {
        let text: String?
        let encoding: String?
        /// The body's size; a number, whatever a tool writes there.
        let size: Double?
        let mimeType: String?

        /// A body the tool measured or typed but did not keep.
        var isMissing: Bool {
            text == nil && ((size ?? 0) > 0 || (mimeType ?? "").lowercased().contains("json"))
        }
    }

    struct NameValue: Decodable {
        let name: String
        let value: String
    }

    public static func read(_ data: Data, file: String) throws(DataFileError) -> [Exchange] {
        let archive = try LocatedJSONDecoder(rejectsUnknownFields: false).decode(Archive.self, from: data, file: file)
        var exchanges: [Exchange] = []
        let dates = DateReader()
        for (index, entry) in archive.log.entries.enumerated() {
            guard let started = dates.milliseconds(entry.startedDateTime) else {
                throw DataFileError(
                    file: file, location: SourceLocation(line: 1, column: 1),
                    field: "log.entries[\(index)].startedDateTime",
                    message: "'\(entry.startedDateTime)' is not an ISO 8601 date and time")
            }
            exchanges.append(
                Exchange(
                    number: index + 1, startedAt: started, method: entry.request.method, url: entry.request.url,
                    requestHeaders: entry.request.headers.map { Exchange.Header($0.name, $0.value) },
                    requestBody: entry.request.postData?.body,
                    // HAR writes 0 for a request that got no answer.
                    status: entry.response.status == 0 ? nil : entry.response.status,
                    responseHeaders: entry.response.headers.map { Exchange.Header($0.name, $0.value) },
                    responseBody: body(entry.response.content), page: entry.pageref,
                    responseBodyMissing: entry.response.content?.isMissing ?? false, client: entry._client))
        }
        return exchanges
    }

    private static func body(_ content: Content?) -> String? {
        guard let text = content?.text else { return nil }
        guard content?.encoding?.lowercased() == "base64" else { return text }
        return Base64.decode(text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads ISO 8601 times, with or without fractions of a second; one per file, since
    /// formatters are costly to make.
    struct DateReader {
        private let fractional: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter
        }()
        private let whole = ISO8601DateFormatter()

        /// Epoch milliseconds, or nil for text that is not such a time.
        func milliseconds(_ text: String) -> Int64? {
            guard let date = fractional.date(from: text) ?? whole.date(from: text) else { return nil }
            return Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}
