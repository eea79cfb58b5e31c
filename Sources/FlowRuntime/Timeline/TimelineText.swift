import FlowCore
import Foundation
import Localization

/// The timeline as plain text, one line per entry: time since the start, kind, title and,
/// for HTTP, the duration; a step says what it does, a code what it means and a note what it notes,
/// in the language of `strings` (the rest is protocol and stays as it is). What `tvsim run` prints.
public enum TimelineText {
    public static func line(_ entry: TimelineEntry, start: Int64, strings: Strings = .english) -> String {
        let kind = entry.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        let title = entry.kind == .status ? entry.statusLabel(in: strings) ?? entry.title : entry.title(in: strings)
        var text = "\(stamp(entry.time - start))  \(kind) \(title)"
        if let duration = entry.durationMilliseconds { text += "  (\(oneDecimal(duration)) ms)" }
        if entry.kind == .step, let step = entry.step { text += " — \(step.explanation(in: strings))" }
        if entry.kind == .status, let detail = entry.statusDetail(in: strings) { text += " — " + detail }
        return text
    }

    /// Time since the start: `mm:ss.mmm`, with hours in front once there are any (`1h02:00.000`).
    public static func stamp(_ elapsedMilliseconds: Int64) -> String {
        let elapsed = max(0, elapsedMilliseconds)
        let minutes = elapsed >= 3_600_000 ? (elapsed / 60_000) % 60 : elapsed / 60_000
        let stamp = "\(padded(minutes, 2)):\(padded((elapsed / 1000) % 60, 2)).\(padded(elapsed % 1000, 3))"
        return elapsed >= 3_600_000 ? "\(elapsed / 3_600_000)h\(stamp)" : stamp
    }

    // The terminal UI draws these for every visible row of every frame: plain integer
    // formatting, not `String(format:)`, which costs microseconds a call.

    /// `value` (not negative) with leading zeros to `width` digits.
    public static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `value` rounded to one decimal: `3.0`, `12.4`.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((abs(value) * 10).rounded())
        return "\(value < 0 && tenths > 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
    }

    public static func lines(_ entries: [TimelineEntry], start: Int64, strings: Strings = .english) -> [String] {
        entries.map { line($0, start: start, strings: strings) }
    }
}
