import Foundation

/// The timeline as plain text, one line per entry: time since the start, kind, title and,
/// for HTTP, the duration. What `tvsim run` prints.
public enum TimelineText {
    public static func line(_ entry: TimelineEntry, start: Int64) -> String {
        let kind = entry.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        var text = "\(stamp(entry.time - start))  \(kind) \(entry.title)"
        if let duration = entry.durationMilliseconds { text += String(format: "  (%.1f ms)", duration) }
        if entry.kind == .status, let detail = entry.detail { text += " — \(detail)" }
        return text
    }

    /// Time since the start: `mm:ss.mmm`, with hours in front once there are any (`1h02:00.000`).
    public static func stamp(_ elapsedMilliseconds: Int64) -> String {
        let elapsed = max(0, elapsedMilliseconds)
        let minutes = elapsed >= 3_600_000 ? (elapsed / 60_000) % 60 : elapsed / 60_000
        let stamp = String(format: "%02d:%02d.%03d", minutes, (elapsed / 1000) % 60, elapsed % 1000)
        return elapsed >= 3_600_000 ? "\(elapsed / 3_600_000)h\(stamp)" : stamp
    }

    public static func lines(_ entries: [TimelineEntry], start: Int64) -> [String] {
        entries.map { line($0, start: start) }
    }
}
