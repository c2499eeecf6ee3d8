extension ConnectionRequest {
    /// Fails the request's caller with `error` (the connection cannot serve it).
    func fail(with error: AMQPError) {
        switch self {
        case .connect(let waiter): waiter.operation(.failure(error))
        case .declare(_, let completion): completion(.failure(error))
        case .inspect(_, let completion): completion(.failure(error))
        case .deleteQueue(_, let completion): completion(.failure(error))
        case .publish(let publish): publish.completion(.failure(error))
        case .publishBatch(let publishes): for publish in publishes { publish.completion(.failure(error)) }
        case .consume(let registration, let completion):
            registration.sink.finish()
            completion(.failure(error))
        case .cancelConsumer(_, let completion): completion(.success(()))
        case .settle(_, _, let completion): completion(.failure(error))
        case .reconnect: break
        case .close(let completion): completion(.success(()))
        }
    }
}
