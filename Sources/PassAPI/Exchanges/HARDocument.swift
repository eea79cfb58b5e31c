import Foundation
import HTTPTypes
import LocatedJSON

/// HTTP exchanges as a HAR 1.2 log, the archive format Chrome DevTools, Firefox, Charles and
/// Proxyman write and open. tvsim writes one (each run a page; exchanges as given, secrets
/// already redacted; one that got no answer with status 0 and `_error`) and reads any tool's,
/// through the same types (`HARFormat.swift`).
public enum HARDocument {
    /// One run, a page of the HAR: its id, title and start, and its exchanges.
    public struct Run: Sendable {
        public let id: String
        public let title: String
        /// When the run began, epoch milliseconds (a timeline's first event may come before its
        /// first call).
        public let startedAt: Int64
        public let exchanges: [HTTPExchange]

        public init(id: String, title: String, startedAt: Int64? = nil, exchanges: [HTTPExchange]) {
            self.id = id
            self.title = title
            self.startedAt = startedAt ?? exchanges.first?.startedAt ?? 0
            self.exchanges = exchanges
        }
    }

    public static func data(_ runs: [Run], creatorVersion: String = "1") throws -> Data {
        let pages = runs.map { run in
            Page(startedDateTime: timestamp(run.startedAt), id: run.id, title: run.title, pageTimings: Empty())
        }
        let entries = runs.flatMap { run in
            run.exchanges.map { Entry($0, page: run.id) }
        }
        let log = Log(
            version: .init("1.2"), creator: .init(Creator(name: "tvsim", version: creatorVersion)), pages: .init(pages),
            entries: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Archive(log: log))
    }

    /// The exchanges of any tool's HAR, numbered by their place in it. Fields HAR tools add
    /// beyond the specification are ignored; a missing required one is named with its line.
    public static func read(_ data: Data, file: String) throws(DataFileError) -> [HTTPExchange] {
        let archive = try LocatedJSONDecoder(rejectsUnknownFields: false).decode(Archive.self, from: data, file: file)
        let dates = DateReader()
        var exchanges: [HTTPExchange] = []
        exchanges.reserveCapacity(archive.log.entries.count)
        for (index, entry) in archive.log.entries.enumerated() {
            guard let started = dates.milliseconds(entry.startedDateTime) else {
                throw DataFileError(
                    file: file, location: SourceLocation(line: 1, column: 1),
                    field: "log.entries[\(index)].startedDateTime",
                    message: "'\(entry.startedDateTime)' is not an ISO 8601 date and time")
            }
            exchanges.append(entry.exchange(number: index + 1, startedAt: started))
        }
        return exchanges
    }

    /// ISO 8601 with milliseconds, in UTC, as HAR asks. The milliseconds are written from the
    /// whole number, not from a `Date`, whose binary fraction would print .123 as .122.
    static func timestamp(_ milliseconds: Int64) -> String {
        let (seconds, fraction) = (milliseconds.floorDivided(by: 1000), milliseconds.floorModulo(1000))
        let whole = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: Double(seconds)))
        let digits = String(fraction)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
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

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
