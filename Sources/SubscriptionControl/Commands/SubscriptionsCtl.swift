import ArgumentParser

/// `subscriptionsctl`: the operators' command line for the subscriptions bus. The executable
/// runs it with standard streams as ``ControlContext/output``; tests set a ``CapturedOutput``.
public struct SubscriptionsCtl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "subscriptionsctl",
        abstract: "Operate the subscriptions services through the broker: commands, events, mass extensions, the test clock, the dead-letter queue.",
        discussion: """
            Every command talks to the broker in --amqp-url (env AMQP_URL) on the bus named by \
            --bus-prefix (env BUS_PREFIX), like the services. Example:
              subscriptionsctl publish purchase --json-string '{"customerId":"c1","productId":"news.basic.monthly","storefront":"USA"}'
            """,
        subcommands: [
            PublishCommand.self, EventsCommand.self, ExtendCommand.self, ClockCommand.self, DeadLetterCommand.self,
            IdentityCommand.self, KeyCommand.self, TokenCommand.self, QuarantineCommand.self,
            RecordCommand.self, ReplayCommand.self, WhatIfCommand.self,
        ]
    )

    public init() {}
}
