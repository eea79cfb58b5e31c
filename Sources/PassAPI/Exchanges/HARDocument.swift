import Foundation
import HTTPTypes
import LocatedJSON
import Synchronization

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
    ///
    /// HARs run to hundreds of megabytes: Foundation's decoder reads them, each entry on its
    /// own (`readByEntries`), at several times the speed of the located parser and in a fraction
    /// of its memory. Only a file it cannot read is read again whole, by the located parser
    /// last, whose error names the line and the field.
    public static func read(_ data: Data, file: String) throws(DataFileError) -> [HTTPExchange] {
        if let exchanges = readByEntries(data) { return exchanges }
        let archive: Archive
        if let quick = quickRead(data) {
            archive = quick
        } else {
            archive = try LocatedJSONDecoder(rejectsUnknownFields: false).decode(Archive.self, from: data, file: file)
        }
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

    /// The exchanges, each entry decoded on its own and the entries shared out over the cores;
    /// nil when the text is not shaped as a HAR or an entry does not read (the whole document's
    /// readers then say why). The document's map is never built: a few entries' maps at a time.
    static func readByEntries(_ data: Data) -> [HTTPExchange]? {
        guard let ranges = data.withUnsafeBytes({ HAREntryRanges.find(in: $0) }) else { return nil }
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, ranges.count / 256))
        let parts = Mutex<[Int: [HTTPExchange]]>([:])
        let base = data.startIndex
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let decoder = JSONDecoder()
            let dates = DateReader()
            var mine: [HTTPExchange] = []
            for index in ranges.count * worker / workers..<ranges.count * (worker + 1) / workers {
                let range = ranges[index]
                guard
                    let entry = try? decoder.decode(
                        Entry.self, from: data[base + range.lowerBound..<base + range.upperBound]),
                    let started = dates.milliseconds(entry.startedDateTime)
                else { return }
                mine.append(entry.exchange(number: index + 1, startedAt: started))
            }
            parts.withLock { $0[worker] = mine }
        }
        let done = parts.withLock { $0 }
        guard done.count == workers else { return nil }
        return (0..<workers).flatMap { done[$0] ?? [] }
    }

    /// The archive as Foundation's decoder reads it; nil when it cannot.
    static func quickRead(_ data: Data) -> Archive? { try? JSONDecoder().decode(Archive.self, from: data) }

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
            if let milliseconds = Self.commonForm(text) { return milliseconds }
            guard let date = fractional.date(from: text) ?? whole.date(from: text) else { return nil }
            return Int64((date.timeIntervalSince1970 * 1000).rounded())
        }

        /// `2026-11-28T10:00:00.123Z` or with `+01:00`, as every HAR tool writes its times, read
        /// by hand: a formatter took a quarter of reading a HAR. Anything else is the
        /// formatters' (nil here).
        static func commonForm(_ text: String) -> Int64? {
            let bytes = Array(text.utf8)
            func number(_ start: Int, _ count: Int) -> Int64? {
                guard start + count <= bytes.count else { return nil }
                var value: Int64 = 0
                for byte in bytes[start..<start + count] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
            else { return nil }
            var index = 19
            var millisecond: Int64 = 0
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                var scale: Int64 = 100
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    millisecond += Int64(bytes[index] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
            }
            var offsetMinutes: Int64 = 0
            if index == bytes.count - 1, bytes[index] == UInt8(ascii: "Z") {
                offsetMinutes = 0
            } else if index == bytes.count - 6, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                bytes[index + 3] == UInt8(ascii: ":"), let hours = number(index + 1, 2),
                let minutes = number(index + 4, 2), hours < 24, minutes < 60
            {
                offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
            guard day <= daysIn(month: month, year: year) else { return nil }
            let days = daysFromEpoch(year: year, month: month, day: day)
            let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second - offsetMinutes * 60
            return seconds * 1000 + millisecond
        }

        private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

        private static func daysIn(month: Int64, year: Int64) -> Int64 {
            month == 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
        }

        /// Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (Howard
        /// Hinnant's days-from-civil).
        private static func daysFromEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
            let shifted = month <= 2 ? year - 1 : year
            let era = (shifted >= 0 ? shifted : shifted - 399) / 400
            let yearOfEra = shifted - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
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
