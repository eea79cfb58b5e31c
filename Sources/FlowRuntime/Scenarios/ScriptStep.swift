import FlowCore
import Foundation
import VSASimulator

/// One thing the scripted user does, written in a scenario as a short phrase:
///
///     launch | sign-in | play <title> | sign-out | foreground
///     allow | deny | dismiss                      (the permission alert)
///     pick <provider> | other | cancel            (Apple's picker; cancel also closes any screen)
///     sign-in-as <persona> [password <password>]  (provider sign-in or MVPD web login)
///     choose <mvpd>                               (the app's own picker)
///     complete-second-screen as <persona> [password <password>] [at <mvpd>]
///     new-code | ok | wait <n>s|m|h|d
///     settings remove-provider | settings permission <status>
///     expire-provider-sign-in | expire-adobe-profiles
public enum ScriptStep: Sendable, Equatable, CustomStringConvertible {
    case app(AppAction)
    case permission(Bool?)
    case pick(String)
    case other
    case cancel
    case signInAs(persona: String, password: String?)
    case choose(String)
    case completeSecondScreen(persona: String, password: String?, mvpd: String?)
    case newCode
    case ok
    case wait(Double)
    case adjust(Adjustment)

    public static let grammar = """
        launch | sign-in | play <title> | sign-out | foreground | allow | deny | dismiss | pick <provider> | other | cancel | \
        sign-in-as <persona> [password <p>] | choose <mvpd> | complete-second-screen as <persona> [password <p>] [at <mvpd>] | \
        new-code | ok | wait <n>s|m|h|d | settings sign-in | settings remove-provider | settings permission <status> | \
        expire-provider-sign-in | expire-adobe-profiles
        """

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case missingArgument(String)
        case badDuration(String)
        case badStatus(String)

        public var description: String {
            switch self {
            case .unknown(let word): "'\(word)' is not a step; steps are: \(ScriptStep.grammar)"
            case .missingArgument(let step): "'\(step)' needs an argument"
            case .badDuration(let text):
                "'\(text)' is not a duration such as 30s, 5m, 2h or 31d (at most \(ScriptStep.durationText(ScriptStep.longestWait)))"
            case .badStatus(let text): "'\(text)' is not one of granted, denied, restricted, notDetermined"
            }
        }
    }

    public static func parse(_ text: String) throws(ParseError) -> ScriptStep {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { throw .unknown(text) }
        let rest = words.dropFirst().joined(separator: " ")
        func argument() throws(ParseError) -> String {
            guard !rest.isEmpty else { throw .missingArgument(verb) }
            return rest
        }
        switch verb {
        case "launch": return .app(.launch)
        case "foreground": return .app(.foreground)
        case "sign-in": return .app(.signIn)
        case "sign-out": return .app(.signOut)
        case "play": return .app(.play(try argument()))
        case "allow": return .permission(true)
        case "deny": return .permission(false)
        case "dismiss": return .permission(nil)
        case "pick": return .pick(try argument())
        case "other": return .other
        case "cancel": return .cancel
        case "choose": return .choose(try argument())
        case "new-code": return .newCode
        case "ok": return .ok
        case "wait": return .wait(try duration(try argument()))
        case "sign-in-as":
            let (persona, password, _) = try credentials(Array(words.dropFirst()), verb: verb)
            return .signInAs(persona: persona, password: password)
        case "complete-second-screen":
            var arguments = Array(words.dropFirst())
            if arguments.first?.lowercased() == "as" { arguments.removeFirst() }
            let (persona, password, mvpd) = try credentials(arguments, verb: verb)
            return .completeSecondScreen(persona: persona, password: password, mvpd: mvpd)
        case "settings":
            return .adjust(try settings(Array(words.dropFirst())))
        case "expire-provider-sign-in": return .adjust(.expireProviderSignIn)
        case "expire-adobe-profiles": return .adjust(.expireAdobeProfiles)
        default: throw .unknown(verb)
        }
    }

    private static func credentials(_ words: [String], verb: String) throws(ParseError) -> (String, String?, String?) {
        guard let persona = words.first else { throw .missingArgument(verb) }
        var password: String?
        var mvpd: String?
        var index = 1
        while index < words.count {
            let key = words[index].lowercased()
            guard index + 1 < words.count else { throw .missingArgument("\(verb) … \(key)") }
            if key == "password" {
                password = words[index + 1]
            } else if key == "at" {
                mvpd = words[index + 1]
            } else {
                throw .unknown(words[index])
            }
            index += 2
        }
        return (persona, password, mvpd)
    }

    private static func settings(_ words: [String]) throws(ParseError) -> Adjustment {
        switch words.first?.lowercased() {
        case "sign-in": return .signInToProvider
        case "remove-provider": return .signOutOfProvider
        case "permission":
            guard words.count == 2 else { throw .missingArgument("settings permission") }
            guard let status = VSASimulator.AccessStatus(rawValue: words[1]) else { throw .badStatus(words[1]) }
            return .setPermission(status)
        default: throw .unknown("settings \(words.first ?? "")")
        }
    }

    /// The shortest way to write a duration in a step (`31m`, `8d`, `45s`).
    static func durationText(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86_400.0), ("h", 3_600.0), ("m", 60.0)]
        where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            return "\(Int(seconds / size))\(unit)"
        }
        return "\(Int(seconds))s"
    }

    /// The longest a step may wait: ten years of simulated time.
    static let longestWait: Double = 315_360_000

    static func duration(_ text: String) throws(ParseError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let amount = Double(text.dropLast()), amount >= 0,
            amount * unit <= longestWait
        else {
            throw .badDuration(text)
        }
        return amount * unit
    }

    public var description: String {
        switch self {
        case .app(.launch): "launch"
        case .app(.signIn): "sign-in"
        case .app(.signOut): "sign-out"
        case .app(.foreground): "foreground"
        case .app(.play(let title)): "play \(title)"
        case .permission(true): "allow"
        case .permission(false): "deny"
        case .permission(nil): "dismiss"
        case .pick(let provider): "pick \(provider)"
        case .other: "other"
        case .cancel: "cancel"
        case .signInAs(let persona, let password): "sign-in-as \(persona)" + (password.map { " password \($0)" } ?? "")
        case .choose(let mvpd): "choose \(mvpd)"
        case .completeSecondScreen(let persona, let password, let mvpd):
            "complete-second-screen as \(persona)" + (password.map { " password \($0)" } ?? "")
                + (mvpd.map { " at \($0)" } ?? "")
        case .newCode: "new-code"
        case .ok: "ok"
        case .wait(let seconds): "wait \(Self.durationText(seconds))"
        case .adjust(.signInToProvider): "settings sign-in"
        case .adjust(.signOutOfProvider): "settings remove-provider"
        case .adjust(.setPermission(let status)): "settings permission \(status.rawValue)"
        case .adjust(.expireProviderSignIn): "expire-provider-sign-in"
        case .adjust(.expireAdobeProfiles): "expire-adobe-profiles"
        }
    }
}
