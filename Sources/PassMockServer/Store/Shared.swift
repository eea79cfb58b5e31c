/// An immutable value kept once and pointed to by many records: every session a device opens
/// shares the one parsed description of its `X-Device-Info` header instead of holding a copy.
final class Shared<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
