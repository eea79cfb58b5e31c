import FlowCore
import Foundation

/// How the timeline words what the user does on the home screen and how long they wait.
enum UserLines {
    static func describe(_ action: AppAction) -> String {
        switch action {
        case .launch: "Opens the app"
        case .signIn: "Taps Sign in"
        case .play(let resource): "Plays \(resource)"
        case .signOut: "Taps Sign out"
        case .foreground: "Returns to the app (foreground)"
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
