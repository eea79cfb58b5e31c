import FlowCore
import Foundation

/// How the timeline words what the user does on the home screen and how long they wait.
enum UserLines {
    static func describe(_ action: AppAction) -> TimelinePhrase {
        switch action {
        case .launch: TimelinePhrase("user.launch")
        case .signIn: TimelinePhrase("user.signIn")
        case .play(let resource): TimelinePhrase("user.play", ["title": resource])
        case .signOut: TimelinePhrase("user.signOut")
        case .foreground: TimelinePhrase("user.foreground")
        }
    }

    /// Whether a timeline line is the user playing a title (see `describe`).
    static func isPlay(_ line: String) -> Bool { line.hasPrefix("Plays ") }

    static func duration(_ seconds: Double) -> String {
        if seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 {
            return "\(Int(seconds / 86_400)) d"
        }
        if seconds >= 3_600, seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return "\(Int(seconds / 3_600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(seconds.formatted()) s"
    }
}
