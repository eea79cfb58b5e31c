import Conformance
import Foundation
import LocatedJSON
import MockBackendAPI
import PassAPI

/// A lab: a cookbook flow an integrator practises with a client of their own. Its goals come in
/// order, each met by a call of the cookbook (and broken by the rules it names); its faults are
/// the back end's, in place from the start, each at its set point (`after` N matching calls).
///
/// A lab is a data file (`Sources/Labs/Catalog/NAME.json`, `tvsim schema lab`), named after it.
public struct Lab: Sendable, Equatable, Decodable {
    public var name = ""
    public let title: String
    /// What the trainee builds, in a sentence or two.
    public let summary: String
    /// The cookbook the goals' steps are in: `rest-v2` or `rest-v1`.
    public let integration: String
    /// The back end's seed (codes, ids), so that a lab plays the same for everyone.
    public let seed: UInt64
    public let goals: [Goal]
    public let faults: [FaultRule]
    /// A stand-in for Apple's framework, for a lab of the partner calls: the trainee's client
    /// asks `POST /__tvsim/lab/framework` for what a metadata request would return.
    public let framework: Framework?
    /// The lab's words in other languages, by language code (`es`, `zh-Hans`): its title and
    /// summary, each goal's title and hint text. Protocol (requests, headers, fields, curl) stays.
    public let translations: [String: Translation]

    public struct Translation: Sendable, Equatable, Decodable {
        public let title: String
        public let summary: String
        /// By goal id.
        public let goals: [String: Words]

        public struct Words: Sendable, Equatable, Decodable {
            public let title: String
            public let text: String

            public init(title: String, text: String) {
                self.title = title
                self.text = text
            }

            enum CodingKeys: String, CodingKey, CaseIterable { case title, text }
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case title, summary, goals }
    }

    /// The title in `language` (a code such as `es`), else in English.
    public func title(in language: String) -> String { translations[language]?.title ?? title }

    public func summary(in language: String) -> String { translations[language]?.summary ?? summary }

    /// A goal's title and hint text in `language`, else in English.
    public func words(of goal: Goal, in language: String) -> Translation.Words {
        translations[language]?.goals[goal.id] ?? Translation.Words(title: goal.title, text: goal.hint.text)
    }

    public struct Framework: Sendable, Equatable, Decodable {
        /// The MVPD the device is signed in to (`AuroraCable`).
        public let mvpd: String
        /// As which persona.
        public let persona: String
        /// The app's permission: `granted`, `denied`, `restricted` or `notDetermined`.
        public let permission: String

        enum CodingKeys: String, CodingKey, CaseIterable { case mvpd, persona, permission }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mvpd = try container.decode(String.self, forKey: .mvpd)
            persona = try container.decode(String.self, forKey: .persona)
            permission = try container.decodeChoice(
                .permission, from: PartnerFrameworkStatus.AccessStatus.allCases.map(\.rawValue))
        }
    }

    public struct Goal: Sendable, Equatable, Decodable {
        /// Short and unique in the lab (`register`, `poll-429`): what `lab check` names.
        public let id: String
        /// The cookbook step (`A.1`, `BA.3`).
        public let step: String
        public let title: String
        /// The calls that meet it, by operation name (`dcr.register`): one of them, after the
        /// goal before it was met, answered with one of `statuses`.
        public let calls: [String]
        /// The statuses that count (any 2xx when absent).
        public let statuses: [Int]?
        /// A path into the answer's JSON that must hold something (`/profiles/*`: a profile).
        public let answerHas: String?
        /// The audit rules (`POLL-RETRY-AFTER`) that must not fire on the trainee's client.
        public let rules: [String]
        public let hint: Hint

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, step, title, calls, statuses, answerHas, rules, hint
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            step = try container.decode(String.self, forKey: .step)
            title = try container.decode(String.self, forKey: .title)
            calls = try container.decode([String].self, forKey: .calls)
            guard !calls.isEmpty else { throw container.invalid(.calls, "names no call") }
            for call in calls where Endpoint.named(call) == nil {
                throw container.invalid(.calls, "'\(call)' is not a call (an operation such as dcr.register)")
            }
            statuses = try container.decodeIfPresent([Int].self, forKey: .statuses)
            if let statuses, statuses.isEmpty || statuses.contains(where: { !(100...599).contains($0) }) {
                throw container.invalid(.statuses, "must list HTTP statuses, 100–599")
            }
            answerHas = try container.decodeIfPresent(String.self, forKey: .answerHas)
            if let answerHas, !answerHas.hasPrefix("/") {
                throw container.invalid(.answerHas, "must be a path from the answer's root, such as /profiles/*")
            }
            rules = try container.decode([String].self, forKey: .rules)
            let known = Set(RuleCatalog.builtIn.rules.map(\.id))
            for rule in rules where !known.contains(rule) {
                throw container.invalid(.rules, "'\(rule)' is not a rule of the audit (tvsim audit lists them)")
            }
            hint = try container.decode(Hint.self, forKey: .hint)
        }
    }

    /// What `h` shows for a goal: the request it needs, and a curl line on request.
    public struct Hint: Sendable, Equatable, Decodable {
        /// `POST /api/v2/{serviceProvider}/sessions`.
        public let request: String
        public let headers: [String]
        public let fields: [String]
        /// What to do, in a sentence.
        public let text: String
        public let curl: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case request, headers, fields, text, curl }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, summary, integration, seed, goals, faults, framework, translations
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        integration = try container.decodeChoice(.integration, from: ["rest-v2", "rest-v1"])
        seed = try container.decode(.seed, default: 1)
        goals = try container.decode([Goal].self, forKey: .goals)
        guard !goals.isEmpty else { throw container.invalid(.goals, "a lab needs at least one goal") }
        var seen = Set<String>()
        for goal in goals where !seen.insert(goal.id).inserted {
            throw container.invalid(.goals, "two goals are named '\(goal.id)'")
        }
        faults = try container.decode(.faults, default: [])
        framework = try container.decodeIfPresent(Framework.self, forKey: .framework)
        translations = try container.decode(.translations, default: [:])
        let ids = Set(goals.map(\.id))
        for (language, translation) in translations {
            for id in translation.goals.keys where !ids.contains(id) {
                throw container.invalid(.translations, "\(language) translates a goal '\(id)' the lab does not have")
            }
        }
    }

    /// The lab of a file's text; its name is the file's.
    public static func parse(_ text: String, file: String) throws(DataFileError) -> Lab {
        var lab = try LocatedJSONDecoder().decode(Lab.self, from: Data(text.utf8), file: file)
        lab.name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return lab
    }
}
