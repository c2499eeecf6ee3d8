import Hummingbird

/// `GET /console` and its static files, embedded in the binary (``ConsoleAssets``, generated
/// from `Console/` by scripts/check-console-assets.sh): no resource bundle, no CDN. Open like
/// `/openapi.yaml`: the page holds no data; its API calls carry the operator token the user
/// pastes into it. Every answer forbids anything but this origin's own scripts, styles and
/// requests (Content-Security-Policy) and being framed.
extension ProducerRoutes {
    static let securityHeaders: [(HeaderField.Name, String)] = [
        (
            HeaderField.Name("Content-Security-Policy")!,  // a valid header name literal
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
                + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        (HeaderField.Name("X-Content-Type-Options")!, "nosniff"),  // a valid header name literal
        (HeaderField.Name("Referrer-Policy")!, "no-referrer"),  // a valid header name literal
        (.cacheControl, "no-cache"),
    ]

    static func addConsolePage(to router: Router<Context>) {
        router.get("console") { _, _ in asset("index.html") }
        router.get("console/{asset}") { _, context in
            asset(context.parameters.get("asset") ?? "")
        }
    }

    private static func asset(_ name: String) -> Response {
        guard let file = ConsoleAssets.files[name] else {
            return Response(HTTPReply(
                .routeNotFound,
                message: "the console has no file '\(name.prefix(80))'; it has \(ConsoleAssets.files.keys.sorted().joined(separator: ", "))"))
        }
        var response = Response(
            status: .ok, headers: [.contentType: file.contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: file.body)))
        for (name, value) in securityHeaders { response.headers[name] = value }
        return response
    }
}
