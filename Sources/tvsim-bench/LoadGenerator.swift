import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A closed-loop HTTP/1.1 load generator: a fixed number of keep-alive connections, each sending
/// its next request as soon as the previous answer is complete. One thread and `poll`, so that
/// on a small machine most of the CPU goes to the server being measured.
struct LoadGenerator {
    let port: UInt16
    let connections: Int

    struct Result {
        var requests = 0
        var statuses: [Int: Int] = [:]
        /// Connections the server closed or that failed, reopened.
        var broken = 0
        var microseconds: [UInt32] = []
        var elapsed: Duration = .zero

        var requestsPerSecond: Double { Double(requests) / elapsed.seconds }
        var serverErrors: Int { statuses.filter { $0.key >= 500 }.values.reduce(0, +) }
        func latency(percentile: Double) -> Duration {
            .microseconds(Statistics.percentile(microseconds.map(Double.init), percentile) ?? 0)
        }
    }

    /// Sends requests until `duration` has passed or `total` requests were answered, whichever
    /// comes first. `request(c, n)` makes the bytes of the n-th request, sent on connection c.
    func run(duration: Duration, total: Int = .max, request: (_ connection: Int, _ sequence: Int) -> [UInt8]) throws
        -> Result
    {
        var sockets = try (0..<connections).map { _ in try Connection(port: port) }
        var result = Result()
        var scratch = [UInt8](repeating: 0, count: 16_384)
        result.microseconds.reserveCapacity(min(total, 2_000_000))
        var issued = 0
        let started = ContinuousClock.now
        let deadline = started + duration
        func sendNext(_ index: Int) {
            guard issued < total, ContinuousClock.now < deadline else { return }
            sockets[index].start(request(index, issued))
            issued += 1
        }
        for index in sockets.indices { sendNext(index) }
        var descriptors = [pollfd](repeating: pollfd(), count: sockets.count)
        while sockets.contains(where: \.busy) {
            for index in sockets.indices {
                descriptors[index] = pollfd(fd: sockets[index].fd, events: sockets[index].pollEvents, revents: 0)
            }
            guard poll(&descriptors, nfds_t(descriptors.count), 1000) >= 0 else { continue }
            for index in sockets.indices where descriptors[index].revents != 0 {
                switch sockets[index].service(descriptors[index].revents, scratch: &scratch) {
                case .waiting: break
                case .answered(let status, let latency):
                    result.requests += 1
                    result.statuses[status, default: 0] += 1
                    result.microseconds.append(UInt32(clamping: latency.wholeMicroseconds))
                    sendNext(index)
                case .broken:
                    result.broken += 1
                    sockets[index] = try Connection(port: port)
                    sendNext(index)
                }
            }
        }
        result.elapsed = ContinuousClock.now - started
        // An open keep-alive connection costs the server memory until it times out.
        for connection in sockets { close(connection.fd) }
        return result
    }
}

/// TCP connections to a server on 127.0.0.1.
enum Loopback {
    /// A connected socket; with `waiting` false, a non-blocking one left to connect (or to wait
    /// in the server's backlog) on its own.
    static func connection(to port: UInt16, waiting: Bool = true) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchmarkError("no socket: \(String(cString: strerror(errno)))") }
        if !waiting { _ = fcntl(descriptor, F_SETFL, O_NONBLOCK) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 || (!waiting && errno == EINPROGRESS) else {
            close(descriptor)
            throw BenchmarkError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}

/// One keep-alive connection: the request being written and the answer being read.
private struct Connection {
    enum Progress {
        case waiting
        case answered(status: Int, latency: Duration)
        case broken
    }

    let fd: Int32
    private var output: [UInt8] = []
    private var written = 0
    private var input: [UInt8] = []
    private var sentAt: ContinuousClock.Instant?

    init(port: UInt16) throws {
        fd = try Loopback.connection(to: port)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    var busy: Bool { sentAt != nil }
    var pollEvents: Int16 { Int16(written < output.count ? POLLIN | POLLOUT : POLLIN) }

    mutating func start(_ request: [UInt8]) {
        output = request
        written = 0
        sentAt = .now
        flush()
    }

    private mutating func flush() {
        while written < output.count {
            let count = output[written...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            written += count
        }
    }

    /// `scratch` is one receive buffer shared by every connection, so that reading an answer
    /// costs the generator no allocation.
    mutating func service(_ events: Int16, scratch buffer: inout [UInt8]) -> Progress {
        if events & Int16(POLLOUT) != 0 { flush() }
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno != EAGAIN) || events & Int16(POLLERR | POLLHUP) != 0 {
            close(fd)
            return .broken
        }
        if count > 0 { input.append(contentsOf: buffer[0..<count]) }
        guard let sentAt, let response = HTTPResponseFrame(input) else { return .waiting }
        input.removeFirst(response.length)
        self.sentAt = nil
        return .answered(status: response.status, latency: .now - sentAt)
    }
}

/// The status and total length of the first complete response in a buffer, if there is one.
/// Knows `Content-Length` and chunked bodies, which is all the mock sends. It reads the bytes
/// in place: the generator shares the machine with the server it measures, so every
/// microsecond it spends per answer is taken from the server's figure.
struct HTTPResponseFrame {
    let status: Int
    let length: Int

    init?(_ bytes: [UInt8]) {
        guard let headerEnd = Self.find([13, 10, 13, 10], in: bytes, from: 0), headerEnd >= 12,
            let code = Self.number(bytes[9..<12])
        else { return nil }
        let bodyStart = headerEnd + 4
        let head = bytes[0..<headerEnd]
        if let size = Self.value(of: "content-length", in: head).flatMap(Self.number) {
            guard bytes.count >= bodyStart + size else { return nil }
            (status, length) = (code, bodyStart + size)
        } else if let encoding = Self.value(of: "transfer-encoding", in: head),
            Self.find(Array("chunked".utf8), in: Array(encoding), from: 0) != nil
        {
            guard let end = Self.find(Array("0\r\n\r\n".utf8), in: bytes, from: bodyStart) else { return nil }
            (status, length) = (code, end + 5)
        } else {
            (status, length) = (code, bodyStart)
        }
    }

    /// The value of the header `name` (lower case), its leading spaces skipped.
    private static func value(of name: String, in head: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let name = Array(name.utf8)
        var lineStart = head.startIndex
        while lineStart < head.endIndex {
            let lineEnd = head[lineStart...].firstIndex(of: 13) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            if line.count > name.count, line[line.startIndex + name.count] == UInt8(ascii: ":"),
                zip(line, name).allSatisfy({ Self.lowercased($0) == $1 })
            {
                var value = line[(line.startIndex + name.count + 1)...].drop { $0 == UInt8(ascii: " ") }
                while value.last == UInt8(ascii: " ") { value = value.dropLast() }
                return value
            }
            lineStart = lineEnd + 2
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// A decimal number made of the digits in `digits`, nothing else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
