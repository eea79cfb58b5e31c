import Foundation
import MockBackendAPI
import PassAPI

/// One line per request, as `tvsim serve` prints it: simulated time, method, path, status, duration, operation, fault.
public struct RequestLogLine {
    public let entry: HTTPExchange

    public init(entry: HTTPExchange) {
        self.entry = entry
    }

    public var text: String {
        let time = Date(timeIntervalSince1970: TimeInterval(entry.startedAt) / 1000)
        let stamp = Self.formatter.string(from: time)
        let duration = String(format: "%.1f ms", entry.durationMilliseconds)
        let fault = entry.fault.map { "  fault \($0)" } ?? ""
        return
            "\(stamp)  \(entry.method) \(entry.url)  \(entry.status.map(String.init) ?? "-")  \(duration)  \(entry.operation ?? "-")\(fault)"
    }

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
