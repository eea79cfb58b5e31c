import HTTPTypes
import Hummingbird

/// A failure that knows how to answer in each error style; a group's error-style middleware asks
/// it for the answer its clients read.
protocol StyledFailure: HTTPResponseError {
    var statusCode: Int { get }
    /// The style it answers in when nothing chose one (Hummingbird's own error handling).
    var ownStyle: ErrorStyle { get }
    /// The answer in `style`, or nil when such clients have no words for this failure (it is
    /// then answered as an unexpected error).
    func reply(in style: ErrorStyle, trace: String) -> MockResponse?
}

extension StyledFailure {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let trace = (context as? MockRequestContext)?.notes.trace ?? ""
        return (reply(in: ownStyle, trace: trace) ?? ownStyle.unexpectedFailure(trace: trace)).hummingbird
    }
}
