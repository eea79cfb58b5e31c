import Foundation
import LocatedJSON

/// Reading and writing the dashboard file.
public enum DashboardFile {
    /// Loads and validates a dashboard; every mistake names the file, line and field.
    public static func load(path: String) throws(DataFileError) -> Dashboard {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DataFileError(
                file: path, location: SourceLocation(line: 1, column: 1), field: "",
                message: "cannot be read (\((error as NSError).localizedDescription))")
        }
        return try LocatedJSONDecoder().decode(Dashboard.self, from: data, file: path)
    }

    /// The dashboard as pretty JSON, the starting point for a custom file.
    public static func encode(_ dashboard: Dashboard) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(dashboard)) ?? Data(), as: UTF8.self)
    }
}
