import Foundation
import Hummingbird
import SubscriptionTrust

/// Lets a request through only with a valid `Authorization: Bearer <JWT>` (Apple's App Store
/// Server API token, docs/signing-and-auth.md) of a key allowed on the route: any configured
/// key on Apple's routes, an operator key on the operations routes. Otherwise answers 401
/// (403 for an app key on an operations route) with Apple's error body naming what is wrong
/// and a `WWW-Authenticate` header (RFC 6750).
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    static var wwwAuthenticate: HeaderField.Name { HeaderField.Name("WWW-Authenticate")! }  // a valid header name literal

    let verifier: BearerTokenVerifier
    let requiredRole: APIKey.Role

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do throws(BearerTokenError) {
            let key = try verifier.verify(authorization: request.headers[.authorization])
            if requiredRole == .operator, key.role != .operator {
                throw BearerTokenError(
                    .operatorKeyRequired, "\(request.uri.path) is an operations route: it needs an operator key, '\(key.keyId)' is an app key")
            }
        } catch {
            var response = Response(
                HTTPReply(status: error.code.httpStatus, errorCode: error.code.errorCode, message: error.message))
            if error.code.httpStatus == 401 {
                let description = error.message.replacingOccurrences(of: "\"", with: "'")
                response.headers[Self.wwwAuthenticate] = #"Bearer error="invalid_token", error_description="\#(description)""#
            }
            return response
        }
        return try await next(request, context)
    }
}
