import AppleErrorCatalog
import Hummingbird

/// Gives every error Hummingbird itself answers (a body over the size limit, a malformed
/// request line, …) the API's JSON error body, with its status and headers kept:
/// `{"errorCode": <status>9999, "errorMessage": …}`.
struct ErrorBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            // The error's own answer gives the status and headers; the body becomes ours.
            let original = try error.response(from: request, context: context)
            let status = Int(original.status.code)
            let message = (error as? HTTPError)?.body ?? original.status.reasonPhrase
            var response = Response(HTTPReply(
                status: status, errorCode: AppleError.fallbackCode(httpStatus: status), message: message))
            for field in original.headers where field.name != .contentType && field.name != .contentLength {
                response.headers.append(field)
            }
            return response
        }
    }
}
