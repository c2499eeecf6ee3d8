import Hummingbird

/// Records every request's route (the matched path pattern, not the concrete path, so
/// cardinality stays bounded), method, status and latency in ``ProducerMetrics``.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ProducerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, start: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: status, start: start)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, start: ContinuousClock.Instant) {
        metrics.requestCompleted(
            route: context.endpointPath ?? "unmatched", method: request.method.rawValue, status: status,
            duration: ContinuousClock.now - start)
    }
}
