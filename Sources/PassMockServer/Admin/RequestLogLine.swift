import Foundation
import MockBackendAPI

/// One line per request, as `tvsim serve` prints it: simulated time, method, path, status, duration, operation, fault.
public struct RequestLogLine {
    public let entry: JournalEntry

    public init(entry: JournalEntry) {
        self.entry = entry
    }

    public var text: String {
        let time = Date(timeIntervalSince1970: TimeInterval(entry.time) / 1000)
        let stamp = Self.formatter.string(from: time)
        let duration = String(format: "%.1f ms", entry.durationMilliseconds)
        let fault = entry.fault.map { "  fault \($0)" } ?? ""
        return "\(stamp)  \(entry.method) \(entry.uri)  \(entry.status)  \(duration)  \(entry.operation ?? "-")\(fault)"
    }

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
