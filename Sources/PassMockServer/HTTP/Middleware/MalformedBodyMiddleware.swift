import Hummingbird

/// Cuts the answer when a malformed-body fault fired; outside the error style, so error bodies are cut too.
struct MalformedBodyMiddleware {
    /// The answer, cut when the fault fired.
    func cut(_ response: Response, context: MockRequestContext) async throws -> Response {
        guard case .rule(.malformed, _) = context.notes.fault else { return response }
        var response = response
        // The journal records the cut body, not the handler's.
        context.notes.answerBody = nil
        var body = try await response.body.collected()
        let kept = max(1, body.readableBytes / 2)
        response.body = ResponseBody(collected: body.readSlice(length: min(kept, body.readableBytes)) ?? body)
        return response
    }
}
