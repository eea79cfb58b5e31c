import Foundation
import HTTPTypes

/// One place of the journal's ring, reused from one exchange to the next: the exchange's text
/// (its target, fields, bodies and content types) is copied into bytes the slot keeps.
///
/// The journal holds its last exchanges long after they were answered and drops the oldest at
/// each new request. Kept as they came, dropping one let go of a dozen small objects that had
/// long left the processor's caches, and keeping the next allocated as many: a cost every
/// request of a busy server paid. A slot's bytes are written over instead. Fields come back as
/// they were, names spelled as sent. Changed only under the journal's lock.
final class JournalSlot: @unchecked Sendable {
    private(set) var id = 0
    private var time: Int64 = 0
    private var method = ""
    private var operation: String?
    private var status: Int?
    private var durationMilliseconds = 0.0
    private var fault: String?
    private var requestBody = Extent()
    private var responseBody = Extent()
    /// The bodies kept as they came, shared rather than copied, for those of `sharedSize` or more.
    private var sharedRequestBody: Data?
    private var sharedResponseBody: Data?
    /// Where each part ends in `bytes`, in the order `Part` lists them.
    private var ends = [Int](repeating: 0, count: Part.allCases.count)
    private var bytes: [UInt8] = []

    /// The parts of an exchange's text, in the order they are kept.
    private enum Part: Int, CaseIterable {
        case uri, requestFields, requestBody, requestType, responseFields, responseBody, responseType
    }

    /// What the text does not say of a body: its size, and whether it had a content type.
    private struct Extent {
        var size = 0
        var typed = false
    }

    /// Bodies of this size or more are kept as they are, not copied. Copying the configuration's
    /// 10 kB into the ring at every request cost more than the copy: the ring's 5 MB pushed the
    /// server's own working data out of the processor's caches. A large body is one object,
    /// often one a cache shares (the configuration's), so letting it go later costs little.
    static let sharedSize = 2_048

    /// Room a slot keeps once a large body has gone; beyond it, it gives the rest back, so that
    /// a burst of large bodies leaves at most this much behind per slot (8 MB for the default 500).
    private static let keptRoom = 16_384

    func keep(_ exchange: Journal.Exchange, id: Int) {
        self.id = id
        (time, method, operation, status) = (exchange.time, exchange.method, exchange.operation, exchange.status)
        (durationMilliseconds, fault) = (exchange.durationMilliseconds, exchange.fault)
        requestBody = Extent(size: exchange.requestBody.size, typed: exchange.requestBody.contentType != nil)
        responseBody = Extent(size: exchange.responseBody.size, typed: exchange.responseBody.contentType != nil)
        // Written through a local text, moved out and back: each change of a class's array is
        // otherwise checked at run time for overlapping access, a dozen checks per field.
        var text = Text(bytes: [], ends: [])
        swap(&text.bytes, &bytes)
        swap(&text.ends, &ends)
        text.bytes.removeAll(keepingCapacity: true)
        text.append(exchange.uri, ending: .uri)
        text.append(exchange.requestHeaders, ending: .requestFields)
        sharedRequestBody = Self.shared(exchange.requestBody.data)
        text.append(sharedRequestBody == nil ? exchange.requestBody.data : Data(), ending: .requestBody)
        text.append(exchange.requestBody.contentType ?? "", ending: .requestType)
        text.append(exchange.responseHeaders, ending: .responseFields)
        sharedResponseBody = Self.shared(exchange.responseBody.data)
        text.append(sharedResponseBody == nil ? exchange.responseBody.data : Data(), ending: .responseBody)
        text.append(exchange.responseBody.contentType ?? "", ending: .responseType)
        if text.bytes.capacity > Self.keptRoom, text.bytes.capacity > 4 * text.bytes.count {
            var smaller: [UInt8] = []
            smaller.reserveCapacity(text.bytes.count)
            smaller.append(contentsOf: text.bytes)
            text.bytes = smaller
        }
        (bytes, ends) = (text.bytes, text.ends)
    }

    /// The exchange the slot holds, as it was kept.
    var exchange: Journal.Exchange {
        Journal.Exchange(
            time: time, method: method, uri: text(.uri), operation: operation, status: status,
            durationMilliseconds: durationMilliseconds, requestHeaders: fields(.requestFields),
            requestBody: body(.requestBody, requestBody, shared: sharedRequestBody, type: .requestType),
            responseHeaders: fields(.responseFields),
            responseBody: body(.responseBody, responseBody, shared: sharedResponseBody, type: .responseType),
            fault: fault)
    }

    private static func shared(_ body: Data) -> Data? { body.count >= sharedSize ? body : nil }

    // MARK: Writing

    /// A slot's bytes and where each part ends, while an exchange is written into them.
    private struct Text {
        var bytes: [UInt8]
        var ends: [Int]

        mutating func append(_ text: String, ending part: Part) {
            append(text)
            ends[part.rawValue] = bytes.count
        }

        mutating func append(_ data: Data, ending part: Part) {
            // Through its buffer: appending `Data` as a sequence goes byte by byte.
            data.withUnsafeBytes { bytes.append(contentsOf: $0) }
            ends[part.rawValue] = bytes.count
        }

        /// Each field as its name's length and its value's length (four bytes each,
        /// little-endian), then the name's and the value's UTF-8.
        mutating func append(_ fields: HTTPFields, ending part: Part) {
            for field in fields {
                let name = field.name.rawName
                let value = field.value
                append(UInt32(truncatingIfNeeded: name.utf8.count))
                append(UInt32(truncatingIfNeeded: value.utf8.count))
                append(name)
                append(value)
            }
            ends[part.rawValue] = bytes.count
        }

        private mutating func append(_ text: String) {
            // A native string lends its UTF-8 in place; a bridged one is read as a sequence.
            let lent = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if lent == nil { bytes.append(contentsOf: text.utf8) }
        }

        private mutating func append(_ value: UInt32) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    // MARK: Reading

    private func range(_ part: Part) -> Range<Int> {
        (part.rawValue == 0 ? 0 : ends[part.rawValue - 1])..<ends[part.rawValue]
    }

    private func text(_ part: Part) -> String {
        String(decoding: bytes[range(part)], as: UTF8.self)
    }

    private func body(_ part: Part, _ extent: Extent, shared: Data?, type: Part) -> Journal.Body {
        Journal.Body(
            kept: shared ?? Data(bytes[range(part)]), contentType: extent.typed ? text(type) : nil, size: extent.size)
    }

    private func fields(_ part: Part) -> HTTPFields {
        var fields = HTTPFields()
        var offset = range(part).lowerBound
        let end = range(part).upperBound
        while offset + 8 <= end {
            let nameStart = offset + 8
            let valueStart = nameStart + Int(read(at: offset))
            offset = valueStart + Int(read(at: offset + 4))
            let name = String(decoding: bytes[nameStart..<valueStart], as: UTF8.self)
            // The names were valid fields' names when they were kept.
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(
                HTTPField(name: fieldName, value: String(decoding: bytes[valueStart..<offset], as: UTF8.self)))
        }
        return fields
    }

    private func read(at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
