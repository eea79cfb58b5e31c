import Foundation
import LocatedJSON

/// The built-in scenarios. Each is a scenario file kept in the binary; `tvsim scenarios show`
/// prints it so it can be copied, changed and run with `tvsim run FILE`.
public enum ScenarioCatalog {
    /// Every built-in scenario file, in catalog order.
    public static var files: [(name: String, text: String)] {
        RestV2Scenarios.files + SDKScenarios.files
    }

    /// Parses the whole catalog. A broken built-in is a programming error reported by the tests.
    public static func all() throws(DataFileError) -> [Scenario] {
        try files.map { file throws(DataFileError) in try Scenario.parse(file.text, file: "built-in:\(file.name).json")
        }
    }

    public static func named(_ name: String) -> (name: String, text: String)? {
        files.first { $0.name == name }
    }
}
