/// A mistake in a data file (config, scenario, theme), located precisely enough that a user can
/// open the file and fix it: `Themes/dark.json:12:15: field 'roles.accent.c256': expected an
/// integer from 0 to 255, found "red"`.
public struct DataFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let location: SourceLocation
    /// Dotted path of the field, e.g. `mvpds[3].platformMappingId`; empty for the whole file.
    public let field: String
    public let message: String

    public init(file: String, location: SourceLocation, field: String, message: String) {
        self.file = file
        self.location = location
        self.field = field
        self.message = message
    }

    public var description: String {
        let place = "\(file):\(location.line):\(location.column)"
        return field.isEmpty ? "\(place): \(message)" : "\(place): field '\(field)': \(message)"
    }
}

/// Formats a coding path the way users write it: `mvpds[3].personas[0].password`.
func fieldPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return text
}
