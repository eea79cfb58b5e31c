import FlowCore
import Foundation

/// How the timeline words what the user does on the home screen and how long they wait.
enum UserLines {
    static func describe(_ action: AppAction) -> TimelinePhrase {
        switch action {
        case .launch: TimelinePhrase("user.launch", party: .app)
        case .signIn: TimelinePhrase("user.signIn", party: .app)
        case .play(let resource): TimelinePhrase(playKey, ["title": resource], party: .app)
        case .signOut: TimelinePhrase("user.signOut", party: .app)
        case .foreground: TimelinePhrase("user.foreground", party: .app)
        }
    }

    /// The phrase of the user playing a title.
    static let playKey = "user.play"

    /// Whether a timeline entry is the user playing a title (see `describe`), in any language.
    static func isPlay(_ entry: TimelineEntry) -> Bool { entry.kind == .user && entry.phrase?.key == playKey }

    static func duration(_ seconds: Double) -> String {
        if seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 {
            return "\(Int(seconds / 86_400)) d"
        }
        if seconds >= 3_600, seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return "\(Int(seconds / 3_600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(seconds.formatted()) s"
    }
}
