import Foundation
import Hummingbird
import SubscriptionAPI
import SubscriptionCommands
import SubscriptionMessages

extension ProducerRoutes {
    /// Registers `method path` as the HTTP form of `route`: the body and the request's
    /// parameters go through ``PreparedCommand/make(route:body:parameters:)`` and the gateway.
    static func addCommand(
        _ method: HTTPRequest.Method, _ path: RouterPath, on router: some RouterMethods<Context>,
        route: CommandRoute, gateway: CommandGateway,
        parameters: @escaping @Sendable (Request, Context) -> RequestParameters = { _, _ in RequestParameters() }
    ) {
        router.on(path, method: method) { request, context in
            let values = parameters(request, context)
            return try await gateway.handle(request, readsBody: method != .get && method != .delete) { body throws(ValidationError) in
                try PreparedCommand.make(route: route, body: body.readableBytesView, parameters: values)
            }
        }
    }

    /// The path parameter `name`, percent-decoded (`%F0%9F%98%80` → 😀), so validation and the
    /// consumer see the identifier the client meant; a malformed escape is kept as sent.
    static func pathParameter(_ name: String, of context: Context) -> String {
        let raw = context.parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
