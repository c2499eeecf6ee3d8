import Logging
import ServiceLifecycle

/// What the console's routes need beside the command gateway (docs/console.md): the live event
/// hub and the consumers' status board, both services of the producer's application, and the
/// dispatcher's broker connection for the queue depths and the dead-letter queue.
struct ConsoleBackend: Sendable {
    let dispatcher: CommandDispatcher
    let liveEvents: LiveEventHub
    let statusBoard: ConsumerStatusBoard

    init(dispatcher: CommandDispatcher, logger: Logger) {
        self.dispatcher = dispatcher
        liveEvents = LiveEventHub(dispatcher: dispatcher, logger: logger)
        statusBoard = ConsumerStatusBoard(dispatcher: dispatcher, logger: logger)
    }

    /// The services to run with the application.
    var services: [any Service] { [liveEvents, statusBoard] }
}
