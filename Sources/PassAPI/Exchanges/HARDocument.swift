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
    /// HARs run to hundreds of megabytes: each entry is read on its own (`readByEntries`), on
    /// every core, straight into its exchange, an odd one by Foundation's decoder. Only a file
    /// neither can read is read again whole, by the located parser last, whose error names the
    /// line and the field.
    public static func read(_ data: Data, file: String) throws(DataFileError) -> [HTTPExchange] {
        if let exchanges = readByEntries(data) { return exchanges }
        return try readWhole(data, file: file)
    }

    /// The exchanges of the HAR file at `path`, as `read(_:file:)` reads them. The file's text
    /// is given back to the system as its entries are read, so that the text and the exchanges
    /// are not held whole at once. A pipe (`/dev/stdin`) is read whole, once.
    public static func read(file path: String) throws -> [HTTPExchange] {
        switch try ReleasableFileBytes.load(path) {
        case .releasable(let text):
            if let exchanges = readByEntries(text.bytes, release: text.release) { return exchanges }
            // Read again, whole: given back or not, the text is the whole document's readers' now.
            return try read(Data(ReleasableFileBytes.contents(of: path)), file: path)
        case .whole(let bytes):
            return try read(Data(bytes), file: path)
        }
    }

    /// The whole document read at once: by Foundation's decoder, or by the located parser,
    /// which says where it breaks.
    private static func readWhole(_ data: Data, file: String) throws(DataFileError) -> [HTTPExchange] {
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

    static func readByEntries(_ data: Data) -> [HTTPExchange]? {
        data.withUnsafeBytes { readByEntries($0, release: { _ in }) }
    }

    /// The exchanges, each entry read on its own and the entries shared out over the cores; nil
    /// when the text is not shaped as a HAR or an entry does not read (the whole document's
    /// readers then say why). The document's map is never built. `release` is told of each
    /// stretch of the text no entry will read again.
    static func readByEntries(_ text: UnsafeRawBufferPointer, release: @escaping (Range<Int>) -> Void)
        -> [HTTPExchange]?
    {
        guard let ranges = HAREntryRanges.find(in: text) else { return nil }
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, ranges.count / 256))
        let parts = Mutex<[Int: [HTTPExchange]]>([:])
        let shared = SharedText(text: text, release: release)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let entries = ranges.count * worker / workers..<ranges.count * (worker + 1) / workers
            if let mine = shared.exchanges(ranges, entries) { parts.withLock { $0[worker] = mine } }
        }
        let done = parts.withLock { $0 }
        guard done.count == workers else { return nil }
        return (0..<workers).flatMap { done[$0] ?? [] }
    }

    /// The text every worker reads, each its own entries; they are never written.
    private struct SharedText: @unchecked Sendable {
        let text: UnsafeRawBufferPointer
        let release: (Range<Int>) -> Void

        /// How much read text is let pile up before it is given back.
        static let releaseStride = 1 << 18

        /// The exchanges of `entries`, nil if one does not read.
        func exchanges(_ ranges: [Range<Int>], _ entries: Range<Int>) -> [HTTPExchange]? {
            let dates = DateReader()
            var decoder: JSONDecoder?
            var mine: [HTTPExchange] = []
            mine.reserveCapacity(entries.count)
            var released = entries.first.map { ranges[$0].lowerBound } ?? 0
            for index in entries {
                let range = ranges[index]
                let bytes = UnsafeRawBufferPointer(rebasing: text[range])
                let odd = { () -> Entry? in
                    decoder = decoder ?? JSONDecoder()
                    return try? decoder?.decode(Entry.self, from: Data(bytes))
                }
                guard let entry = Entry.read(bytes) ?? odd(), let started = dates.milliseconds(entry.startedDateTime)
                else { return nil }
                mine.append(entry.exchange(number: index + 1, startedAt: started))
                if range.upperBound - released >= Self.releaseStride {
                    release(released..<range.upperBound)
                    released = range.upperBound
                }
            }
            return mine
        }
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
