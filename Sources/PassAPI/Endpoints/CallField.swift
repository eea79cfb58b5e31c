/// One query parameter or form field of a call, in the order it travels: its name and its value.
/// A REST API V2 call's values are text; V1's and an own identity provider's may also be values
/// the client fills in (the requestor, the device), so each names its own `Value`.
public struct CallField<Value: Sendable & Equatable>: Sendable, Equatable {
    public let name: String
    public let value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}
