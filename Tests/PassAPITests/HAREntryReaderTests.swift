import Foundation
import HTTPTypes
import LocatedJSON
import Testing

@testable import PassAPI

/// A HAR's entries are read straight from their bytes; whatever that reader takes, it reads as
/// Foundation's decoder does, and whatever it does not take goes to the decoder.
@Suite struct HAREntryReaderTests {
    /// Exchanges as tvsim writes them, with text that needs every kind of escape.
    static let exchanges: [HTTPExchange] = [
        HTTPExchange(
            id: 1, operation: "sessions.create", method: "POST", url: "https://sp.auth.adobe.com/api/v2/ORBIT/sessions",
            requestHeaders: HTTPFields(pairs: [("Content-Type", "application/x-www-form-urlencoded")]),
            requestBody: "domainName=example.com&redirectUrl=https%3A%2F%2Fapp", status: 201,
            responseHeaders: HTTPFields(pairs: [("Set-Cookie", "a=‹redacted›"), ("Set-Cookie", "b=1")]),
            responseBody: #"{"code":"ABC1234","url":"\/x","note":"tab\there \"quoted\" é 😀 \u{1}"}"#,
            startedAt: 1_700_000_000_123, durationMilliseconds: 12.5, client: "c1"),
        HTTPExchange(
            id: 2, method: "GET", url: "https://h/page", status: nil, startedAt: 1_700_000_000_200,
            failure: "connection refused"),
        HTTPExchange(
            id: 3, method: "GET", url: "https://h/中文?q=в", status: 200,
            responseHeaders: HTTPFields(pairs: [("Content-Type", "text/html")]),
            responseBody: "<html>\n<p>\u{7f}\r\n</p>\\</html>", startedAt: 1_700_000_000_300),
    ]

    static func entries(of data: Data) throws -> [Data] {
        let ranges = try #require(data.withUnsafeBytes { HAREntryRanges.find(in: $0) })
        return ranges.map { data[data.startIndex + $0.lowerBound..<data.startIndex + $0.upperBound] }
    }

    /// The exchange `text` holds by the fast reader, by the decoder, and whether each read it.
    static func bothReadings(_ text: Data) -> (fast: HTTPExchange?, decoded: HTTPExchange?) {
        let fast = text.withUnsafeBytes { HARDocument.Entry.read($0) }
        let decoded = try? JSONDecoder().decode(HARDocument.Entry.self, from: text)
        let exchange = { (entry: HARDocument.Entry?) in
            entry.flatMap { entry in
                HARDocument.DateReader().milliseconds(entry.startedDateTime).map {
                    entry.exchange(number: 1, startedAt: $0)
                }
            }
        }
        return (exchange(fast), exchange(decoded))
    }

    @Test func whatTvsimWritesIsReadOnTheFastPathAsTheDecoderReadsIt() throws {
        let data = try HARDocument.data([HARDocument.Run(id: "run", title: "Run", exchanges: Self.exchanges)])
        for entry in try Self.entries(of: data) {
            let (fast, decoded) = Self.bothReadings(entry)
            #expect(fast != nil, "\(String(decoding: entry, as: UTF8.self))")
            #expect(fast == decoded)
        }
    }

    /// Shapes other tools write: nulls, fields in any order, members tvsim never writes, forms
    /// as fields, base64 bodies, escaped keys.
    @Test func otherToolsShapesAreReadAsTheDecoderReadsThem() {
        let shapes = [
            #"{"startedDateTime":"2026-11-28T10:00:00.5Z","time":null,"pageref":null,"_initiator":{"type":"script","stack":{"callFrames":[{"lineNumber":-1,"x":[true,false,null,1.5e-3]}]}},"request":{"headers":[{"name":"Authorization","value":"Bearer t","comment":""}],"url":"https://h/o/client/token","method":"POST","postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"grant_type","value":"client_credentials"},{"name":"scope"}]}},"response":{"status":200,"headers":[],"content":{"size":12,"mimeType":"application/json","text":"eyJhIjoxfQ==","encoding":"base64"},"_error":null}}"#,
            #"{"request":{"method":"GET","url":"https://h/x","headers":[]},"response":{"headers":[],"status":0,"_error":"net::ERR_FAILED"},"startedDateTime":"2026-11-28T10:00:00+01:00","_operation":"web.follow","_client":null}"#,
            #"{"startedDateTime":"2026-11-28T10:00:00Z","request":{"method":"GET","url":"https://h/\u00e9\ud83d\ude00","headers":[{"name":"X-A","value":"\/\b\f\n\r\t"}],"postData":null},"response":{"status":204,"headers":[],"content":{"size":"big","mimeType":7}},"time":"fast"}"#,
            #"{"startedDateTime":"2026-11-28T10:00:00Z","request":{"method":"GET","url":"u","headers":[]},"response":{"status":200,"headers":[],"content":{"size":-1,"text":null}},"time":1E3,"\u0070ageref":"p"}"#,
        ]
        for shape in shapes {
            let (fast, decoded) = Self.bothReadings(Data(shape.utf8))
            #expect(fast != nil, "\(shape)")
            #expect(fast == decoded, "\(shape)")
        }
    }

    /// What the fast reader leaves to the decoder: a field named twice, a number where text
    /// belongs, a status that is not plain digits, broken text.
    @Test func oddEntriesGoToTheDecoder() {
        let base =
            #"{"startedDateTime":"2026-11-28T10:00:00Z","request":{"method":"GET","url":"u","headers":[]},"response":{"status":200,"headers":[]}}"#
        let odd = [
            base.replacingOccurrences(of: #""url":"u""#, with: #""url":"u","url":"v""#),
            base.replacingOccurrences(of: #""status":200"#, with: #""status":2e2"#),
            base.replacingOccurrences(of: #""status":200"#, with: #""status":200.0"#),
            base.replacingOccurrences(of: #""status":200"#, with: #""status":99999999999999999999"#),
            base.replacingOccurrences(of: #""method":"GET""#, with: #""method":7"#),
            base.replacingOccurrences(of: #""url":"u""#, with: #""url":"\ud83d""#),
            base.replacingOccurrences(of: #""url":"u""#, with: #""url":"\x""#),
            base.replacingOccurrences(of: #""url":"u""#, with: "\"url\":\"a\u{1}\""),
            base.replacingOccurrences(of: #""headers":[]}}"#, with: #""headers":[]},"x":01}"#),
            base.replacingOccurrences(of: #""headers":[]}}"#, with: #""headers":[]},"x":[1,]}"#),
            base.replacingOccurrences(of: #""headers":[]}}"#, with: #""headers":[]},"x":nul}"#),
            base.replacingOccurrences(of: #""headers":[]}}"#, with: #""headers":[]},"time":1e999}"#),
            String(base.dropLast()),
        ]
        #expect(Self.bothReadings(Data(base.utf8)).fast != nil)
        for text in odd {
            #expect(Self.bothReadings(Data(text.utf8)).fast == nil, "\(text)")
        }
    }

    /// Entries cut, spliced and retyped at random: whatever the fast reader takes, the decoder
    /// takes too, and reads the same.
    @Test func mangledEntriesAreNeverReadDifferently() throws {
        let data = try HARDocument.data([HARDocument.Run(id: "run", title: "Run", exchanges: Self.exchanges)])
        let entries = try Self.entries(of: data).map { Array($0) }
        let pieces = [
            "null", "true", "1", "-0.5e3", #""x""#, "[]", "{}", #"{"a":[1,{"b":null}]}"#, #""\u00e9""#, ",", ":", "\"",
            "\\", "]", "}", "{", "[", "\u{1}", "01", "1.", "\u{FF}",
        ].map { Array($0.utf8) }
        var random = SplitMix(seed: 20_261_129)
        var fastReads = 0
        for round in 0..<3000 {
            var text = entries[round % entries.count]
            for _ in 0...(random.next() % 2) {
                let at = Int(random.next() % UInt64(text.count))
                let cut = Int(random.next() % 6)
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                text.replaceSubrange(at..<min(text.count, at + cut), with: piece)
            }
            let (fast, decoded) = Self.bothReadings(Data(text))
            guard let fast else { continue }
            fastReads += 1
            #expect(fast == decoded, "\(String(decoding: text, as: UTF8.self))")
        }
        // Most changes land in text (a header's value, a body), which stays readable.
        #expect(fastReads > 300)
    }

    static func bigHAR() throws -> Data {
        let big = (1...40).map { index in
            var exchange = Self.exchanges[index % Self.exchanges.count]
            exchange.responseBody = String(repeating: "\(index) \"é\" ", count: 2_000)
            return exchange
        }
        return try HARDocument.data([HARDocument.Run(id: "run", title: "Run", exchanges: big)])
    }

    /// Text is given back only once every entry in it was read: text given back and scribbled
    /// over changes nothing read.
    @Test func textIsGivenBackOnlyOnceRead() throws {
        let data = try Self.bigHAR()
        let text = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 1)
        defer { text.deallocate() }
        data.copyBytes(to: text)
        var given = 0
        let read = HARDocument.readByEntries(UnsafeRawBufferPointer(text)) { range in
            given += range.count
            for index in range { text[index] = UInt8(ascii: "x") }
        }
        #expect(read == HARDocument.readByEntries(data))
        #expect(given > data.count / 2)
    }

    /// A file is read as its bytes are, its text given back as it goes; a file that breaks
    /// near its end is read again, whole, and its error names the field.
    @Test func aFileReadsAsItsBytesAndStillNamesWhatIsWrong() throws {
        let data = try Self.bigHAR()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        #expect(try HARDocument.read(file: file.path) == HARDocument.read(data, file: file.path))

        let broken = String(decoding: data, as: UTF8.self).replacingLastOccurrence(
            of: #""url" : "https://h/page""#, with: #""uri" : "https://h/page""#)
        try Data(broken.utf8).write(to: file)
        #expect(throws: DataFileError.self) { try HARDocument.read(file: file.path) }
        do {
            _ = try HARDocument.read(file: file.path)
        } catch {
            #expect("\(error)".contains("url"), "\(error)")
        }
        #expect(throws: FileReadError.self) { try HARDocument.read(file: file.path + ".missing") }
        do {
            _ = try HARDocument.read(file: FileManager.default.temporaryDirectory.path)
            Issue.record("a directory read as a HAR")
        } catch {
            #expect("\(error)" == "Is a directory")
        }
    }

    /// A pipe (`cat x.har | tvsim audit /dev/stdin`, or a named pipe) is opened once and read
    /// whole, across a pause of its writer: opened a second time, a named pipe loses what its
    /// writer put in it in between.
    @Test func aPipeIsReadWhole() throws {
        let data = try Self.bigHAR()
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString).fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        let writer = Thread {
            // As `cat` writes: every byte, through partial writes and signals. Foundation's
            // write gives up at the first interrupted call (other tests' child processes send
            // SIGCHLD), and the reader then sees the pipe end early.
            let descriptor = open(fifo.path, O_WRONLY)  // Blocks until the reader opens its end.
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            data.withUnsafeBytes { bytes in
                var written = 0
                var paused = false
                while written < bytes.count {
                    if !paused, written >= bytes.count / 2 {
                        paused = true
                        usleep(100_000)
                    }
                    let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    written += count
                }
            }
        }
        writer.start()
        #expect(try HARDocument.read(file: fifo.path) == HARDocument.read(data, file: "pipe"))
    }
}

/// A seeded generator, so that every run mangles the same way.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension String {
    fileprivate func replacingLastOccurrence(of target: String, with replacement: String) -> String {
        guard let range = range(of: target, options: .backwards) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
