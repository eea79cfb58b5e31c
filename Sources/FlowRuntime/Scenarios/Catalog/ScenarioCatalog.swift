import Foundation
import LocatedJSON

/// The built-in scenarios. Each is a scenario file kept in the binary; `tvsim scenarios show`
/// prints it so it can be copied, changed and run with `tvsim run FILE`.
public enum ScenarioCatalog {
    /// Every built-in scenario file, in catalog order.
    public static var files: [(name: String, text: String)] {
        RestV2Scenarios.files + SDKScenarios.files + RestV1Scenarios.files + CustomIdentityProviderScenarios.files
    }

    /// Parses the whole catalog. A broken built-in is a programming error reported by the tests.
    public static func all() throws(DataFileError) -> [Scenario] {
        try files.map { file throws(DataFileError) in try Scenario.parse(file.text, file: "\(file.name).json")
        }
    }

    public static func named(_ name: String) -> (name: String, text: String)? {
        files.first { $0.name == name }
    }

    /// A built-in scenario by name, else a scenario file by path.
    public static func resolve(_ nameOrPath: String) throws(ScenarioLookupError) -> Scenario {
        if let file = named(nameOrPath) {
            do { return try Scenario.parse(file.text, file: "\(file.name).json") } catch {
                throw .invalid(error)
            }
        }
        guard FileManager.default.fileExists(atPath: nameOrPath) else { throw .notFound(nameOrPath) }
        do { return try Scenario.load(path: nameOrPath) } catch { throw .invalid(error) }
    }
}

public enum ScenarioLookupError: Error, CustomStringConvertible {
    case notFound(String)
    case invalid(DataFileError)

    public var description: String {
        switch self {
        case .notFound(let name):
            "'\(name)' is neither a built-in scenario nor a file; 'tvsim scenarios list' shows the built-ins"
        case .invalid(let error): "invalid scenario file: \(error)"
        }
    }
}
