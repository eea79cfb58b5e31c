import HTTPTypes

/// Header fields as the journal keeps them: every name and value in one buffer of bytes.
///
/// The journal holds its last exchanges long after they were answered, and frees the oldest at
/// each new request. Kept as `HTTPFields`, that freeing let go of a few dozen small objects
/// that had long left the processor's caches, a cost every request of a busy server paid; one
/// buffer is one allocation to free. The fields come back as they were, names spelled as sent.
struct KeptFields: Sendable {
    /// Each field as its name's length, its value's length (four bytes each, little-endian),
    /// then the name's and the value's UTF-8.
    private let bytes: [UInt8]

    init(_ fields: HTTPFields) {
        var bytes: [UInt8] = []
        // Room for a client's usual head; one pass over the fields, each string copied whole.
        bytes.reserveCapacity(1_024)
        for field in fields {
            let name = field.name.rawName
            let value = field.value
            Self.append(UInt32(truncatingIfNeeded: name.utf8.count), to: &bytes)
            Self.append(UInt32(truncatingIfNeeded: value.utf8.count), to: &bytes)
            Self.append(name, to: &bytes)
            Self.append(value, to: &bytes)
        }
        self.bytes = bytes
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The fields as they were given.
    var fields: HTTPFields {
        var fields = HTTPFields()
        var offset = 0
        while offset + 8 <= bytes.count {
            let nameLength = Int(Self.read(at: offset, in: bytes))
            let valueLength = Int(Self.read(at: offset + 4, in: bytes))
            let nameStart = offset + 8
            let valueStart = nameStart + nameLength
            offset = valueStart + valueLength
            let name = String(decoding: bytes[nameStart..<valueStart], as: UTF8.self)
            // The names were valid fields' names when they were kept.
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(
                HTTPField(name: fieldName, value: String(decoding: bytes[valueStart..<offset], as: UTF8.self)))
        }
        return fields
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func read(at offset: Int, in bytes: [UInt8]) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
