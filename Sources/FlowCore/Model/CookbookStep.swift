/// A step of an Adobe cookbook, named as the cookbook names it, with a short explanation for
/// the step pane.
public struct CookbookStep: Codable, Sendable, Equatable, Hashable {
    public let id: String
    public let title: String
    public let explanation: String

    public init(_ id: String, _ title: String, _ explanation: String) {
        self.id = id
        self.title = title
        self.explanation = explanation
    }

    public var label: String { "\(id) \(title)" }
}
