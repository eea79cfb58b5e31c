import Foundation
import Hummingbird
import NIOCore
import Simulation

/// How a dribble fault sends a body: in at most `chunks` pieces, the last one `duration` after
/// the headers.
struct DribblePlan: Sendable, Equatable {
    let chunks: Int
    let duration: TimeInterval
}

/// Sends the answer's body in slow pieces when a dribble fault fired. It sits outside the journal,
/// which reads the body whole: inside it, the headers would wait for the last piece.
struct DribbleMiddleware {
    let backend: MockBackend

    /// The answer as it goes out: in pieces when the fault fired.
    func send(_ response: Response, context: MockRequestContext) async throws -> Response {
        guard let plan = context.notes.dribble else { return response }
        var response = response
        let body = try await response.body.collected()
        response.body = plan.body(body, clock: backend.clock)
        return response
    }
}

extension DribblePlan {
    /// `body` cut into `chunks` pieces of nearly equal size, or one piece per byte when it is
    /// shorter; an empty body is one empty piece, so the answer still ends after `duration`.
    func pieces(of body: ByteBuffer) -> [ByteBuffer] {
        let size = body.readableBytes
        let count = max(1, min(chunks, size))
        return (0..<count).map { index in
            let start = size * index / count
            let end = size * (index + 1) / count
            return body.getSlice(at: body.readerIndex + start, length: end - start) ?? ByteBuffer()
        }
    }

    /// A body that writes each piece once its share of `duration` has passed on `clock`, counted
    /// from when the headers went out. It waits as the latency fault does: a virtual clock moves
    /// there at once, a real one takes the time.
    func body(_ body: ByteBuffer, clock: any SimulationClock) -> ResponseBody {
        let pieces = pieces(of: body)
        let interval = duration / Double(pieces.count)
        return ResponseBody(contentLength: body.readableBytes) { writer in
            let start = clock.now()
            for (index, piece) in pieces.enumerated() {
                try await clock.wait(until: start.addingTimeInterval(interval * Double(index + 1)))
                if piece.readableBytes > 0 { try await writer.write(piece) }
            }
            try await writer.finish(nil)
        }
    }
}
