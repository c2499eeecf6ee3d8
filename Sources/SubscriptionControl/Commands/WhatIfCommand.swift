import ArgumentParser
import Foundation
import SubscriptionMessages

/// `what-if`.
struct WhatIfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "what-if",
        abstract: "Ask what a planned change would do, against the current subscriptions, changing nothing.",
        subcommands: [PriceChangeWhatIfCommand.self]
    )
}

/// `what-if price-change`: pages through a product's subscriptions with PriceChangeWhatIf and
/// prints the counts per storefront (docs/what-if.md).
struct PriceChangeWhatIfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "price-change",
        abstract: "What a planned price change of a product would do in each storefront: consent, messages, expiries.",
        discussion: """
            Sends PriceChangeWhatIf page by page (--page-size subscriptions of the product each). \
            The consumer schedules the change on each subscription as Change Subscription Price \
            would, lets its time run on a scratch timeline to the renewal the new price applies at, \
            and lets the --consent-rate share of those asked consent (chosen by a stable hash of the \
            originalTransactionId, so a run is repeatable); nothing is changed or published. \
            Prices are in each storefront's currency. A progress bar is drawn on standard error \
            when it is a terminal, a progress line per page otherwise.
            Example:
              subscriptionsctl what-if price-change --product news.basic.monthly --price USA=9.99 --price JPN=900 --consent-rate 0.8
              subscriptionsctl what-if price-change --product news.basic.monthly --storefront USA --storefront CAN --price 3.49 --consent-rate 80% --json
            """
    )

    @Option(help: "Product (productId) whose price changes.") var product: String
    @Option(help: "Storefront to ask about (repeatable); needed with a --price without a storefront.") var storefront: [String] = []
    @Option(help: "New price: 12.99 for every --storefront, or USA=12.99 for one (repeatable).") var price: [String] = []
    @Option(help: "Assumed share of subscribers asked for consent who consent: 0.8 or 80%.") var consentRate: String
    @Option(help: "Run on this test clock's subscriptions and now (default: the consumer's clock).") var testClock: String?
    @Option(help: "Subscriptions of the product read per page (1…1000).") var pageSize: Int = 200
    @Flag(help: "Print one JSON object instead of the table.") var json = false
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard !product.isEmpty else { throw ValidationError("--product must not be empty") }
        guard (1...1000).contains(pageSize) else { throw ValidationError("--page-size must be 1…1000, got \(pageSize)") }
        _ = try WhatIfArguments.prices(price, storefronts: storefront)
        _ = try WhatIfArguments.consentRate(consentRate)
    }

    func run() async throws {
        let prices = try WhatIfArguments.prices(price, storefronts: storefront)
        let rate = try WhatIfArguments.consentRate(consentRate)
        let (timeout, product, pageSize, clock) = (connection.replyTimeout, self.product, pageSize, testClock ?? "")
        let output = ControlContext.output
        let (totals, failure) = try await ControlBus.with(connection) { bus -> (WhatIfTotals, Subscriptions_V1_CommandReply?) in
            var totals = WhatIfTotals(storefronts: prices.map(\.storefront))
            var bar = ProgressBar()
            var cursor = ""
            while true {
                let request = Subscriptions_V1_PriceChangeWhatIfRequest.with {
                    $0.productID = product
                    $0.prices = prices
                    $0.consentRateBasisPoints = rate
                    $0.cursor = cursor
                    $0.limit = UInt32(pageSize)
                }
                let reply = try await bus.send(.priceChangeWhatIf(request), testClockID: clock, timeout: timeout)
                guard reply.status == .ok, case .priceChangeWhatIf(let page)? = reply.result else { return (totals, reply) }
                totals.add(page)
                let now = page.asOf.seconds * 1000 + Int64(page.asOf.nanos / 1_000_000)
                let share = page.nextCursor.isEmpty ? 1 : bar.share(before: page.nextCursor, now: now)
                let progress = ProgressBar.render(share: share, read: totals.scanned)
                if output.isErrorTerminal {
                    output.writeProgress(progress)
                } else {
                    output.writeError("progress: page \(totals.pages), \(progress)")
                }
                guard !page.nextCursor.isEmpty else { return (totals, nil) }
                cursor = page.nextCursor
            }
        }
        if output.isErrorTerminal { output.writeProgress("") }
        if let failure {
            output.writeError(ReplyText.failure(failure))
            throw ExitCode(1)
        }
        if json {
            output.write(try totals.json(productId: product, prices: prices, consentRateBasisPoints: rate))
            return
        }
        let asOf = totals.asOf.map { $0.formatted(.iso8601) } ?? "-"
        let priceText = prices.map { "\($0.storefront) \(Self.amount($0.price))" }.joined(separator: ", ")
        output.write(
            "what-if: \(product) at \(priceText), consent rate \(Self.amount(Int64(rate) * 10)) %, as of \(asOf): "
                + "\(totals.scanned) subscription(s) of the product read in \(totals.pages) page(s); nothing was changed")
        for line in totals.table() { output.write(line) }
    }

    /// Milliunits in major units without trailing zeros: 12990 → 12.99, 1500000 → 1500.
    static func amount(_ milliunits: Int64) -> String {
        let whole = milliunits / 1000
        var fraction = String(milliunits % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }
}
