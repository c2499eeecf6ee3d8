import AppleErrorCatalog
import Hummingbird

/// Answers a request no route takes, in the API's JSON error body: 404 `RouteNotFoundError`
/// for an unknown path, 405 `MethodNotAllowedError` with `Allow` for a known path and another
/// method. Added after every route, it only runs in the router's not-found chain.
struct UnmatchedRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes' paths, each with the methods it takes.
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let method = request.method.rawValue
        guard let methods = table.methods(forPath: request.uri.path) else {
            return Response(HTTPReply(.routeNotFound, message: "no route \(method) \(request.uri.path); the API's paths are in GET /openapi.yaml"))
        }
        var response = Response(HTTPReply(
            .methodNotAllowed,
            message: "\(request.uri.path) takes \(methods.joined(separator: ", ")), not \(method)"))
        response.headers[.allow] = methods.joined(separator: ", ")
        return response
    }
}

/// The path patterns of a router and their methods, matched as the router's trie matches them:
/// at each segment a literal beats a parameter (`extend/mass` before `extend/{id}`).
struct RouteTable: Sendable {
    private struct Route: Sendable {
        /// `nil` for a parameter segment.
        var segments: [String?]
        var methods: [String]
    }

    private let routes: [Route]

    /// The table of `router`'s routes.
    init(_ router: Router<some RequestContext>) {
        var methodsByPath: [String: Set<String>] = [:]
        for route in router.routes { methodsByPath["\(route.path)", default: []].insert(route.method.rawValue) }
        routes = methodsByPath.map { path, methods in
            Route(
                segments: Self.segments(path).map { $0.hasPrefix(":") || $0.hasPrefix("{") || $0 == "*" ? nil : $0 },
                methods: methods.sorted())
        }
    }

    /// The methods of the route the router would match `path` to, or `nil` when none matches.
    func methods(forPath path: String) -> [String]? {
        let parts = Self.segments(path)
        let matching = routes.filter { route in
            route.segments.count == parts.count
                && zip(route.segments, parts).allSatisfy { pattern, part in pattern == nil || pattern == part }
        }
        // The most specific: compare segment by segment, a literal before a parameter.
        let best = matching.max { lhs, rhs in
            lhs.segments.map { $0 == nil ? 0 : 1 }.lexicographicallyPrecedes(rhs.segments.map { $0 == nil ? 0 : 1 })
        }
        return best?.methods
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
