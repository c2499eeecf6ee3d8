import AMQPClient

extension AMQPMessage {
    /// The copy of `delivery` that goes to a dead-letter queue: its body and properties, plus why
    /// (`x-death-reason`, `x-death-message` cut at 1,000 characters) and the routing key it came
    /// with (`x-original-routing-key`), the headers ``DeadLetterEntry`` reads; without an
    /// expiration, so the copy stays until someone looks. A `basic.reject` could not say why,
    /// hence an explicit publish (Protos/README.md, headers). The sender's broker user moves from
    /// `user_id` (which the broker accepts only from that user's own connections) to the header
    /// `x-original-user-id`.
    public static func deadLetter(of delivery: AMQPDelivery, reason: String, message: String) -> AMQPMessage {
        var properties = delivery.message.properties
        if let userId = properties.userId {
            properties.headers["x-original-user-id"] = .string(userId)
            properties.userId = nil
        }
        properties.headers["x-death-reason"] = .string(reason)
        properties.headers["x-death-message"] = .string(String(message.prefix(1000)))
        properties.headers["x-original-routing-key"] = .string(delivery.routingKey)
        properties.expiration = nil
        return AMQPMessage(body: delivery.message.body, properties: properties)
    }
}
