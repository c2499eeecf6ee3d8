import CompactCoding
import Foundation
import SubscriptionArchive
import SubscriptionEngine
import SubscriptionHandler
import SubscriptionMessages
import SubscriptionStore
import SubscriptionWire
import SwiftProtobuf

/// The stages: the engine in memory, the wire codecs, the stored-aggregate codecs, one SQLite
/// group commit and one transaction of the event archive.
struct Stages {
    let catalog: Catalog
    let operations: Int
    let allocations: Bool
    /// Only the stages whose name starts with this (profiling one stage).
    var only: String?

    static let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    private func include(_ name: String) -> Bool {
        guard let only else { return true }
        return name.hasPrefix(only) || only.hasPrefix(name)
    }

    func inMemory() throws -> [StageMeasurement] {
        let engine = SubscriptionEngine(catalog: catalog)
        var results: [StageMeasurement] = []

        var store = InMemoryEngineStore(reservingCapacity: operations * 7 + 1000)
        if include("engine: purchase") {
            results.append(try StageMeasurement.measure("engine: purchase", operations: operations, allocations: allocations) { index in
                _ = try engine.apply(
                    .purchase(PurchaseRequest(customerId: "p\(index)", productId: "news.basic.monthly", storefront: "USA")),
                    commandId: "c\(index)", at: Self.start, in: &store)
            })
        }

        // Renewals: subscriptions bought a millisecond apart, so each `advance` to the next
        // renewal date fires exactly one renewal. Every call renews a fresh subscription.
        var renewals = InMemoryEngineStore(reservingCapacity: operations * 7 + 1000)
        let renewalCount = include("engine: renewal") ? operations * 7 + 1000 : 0
        for index in 0..<renewalCount {
            _ = try engine.apply(
                .purchase(PurchaseRequest(customerId: "r\(index)", productId: "news.basic.monthly", storefront: "USA")),
                commandId: "r\(index)", at: try Self.start.adding(milliseconds: Int64(index)), in: &renewals)
        }
        let renewalDates = renewals.subscriptions.values.map(\.expiresDate).sorted()
        var nextRenewal = 0
        if include("engine: renewal") {
            results.append(try StageMeasurement.measure("engine: renewal", operations: operations, allocations: allocations) { _ in
                let date = renewalDates[nextRenewal]
                nextRenewal += 1
                _ = try engine.advance(to: date, in: &renewals)
            })
        }

        var priced = InMemoryEngineStore(reservingCapacity: operations * 7 + 1000)
        var pricedIds: [String] = []
        for index in 0..<(include("engine: price change") ? operations * 7 + 1000 : 0) {
            let outcome = try engine.apply(
                .purchase(PurchaseRequest(customerId: "x\(index)", productId: "news.basic.monthly", storefront: "USA")),
                commandId: "x\(index)", at: Self.start, in: &priced)
            if case .subscription(let info) = outcome.reply, let id = info.transactionInfo?.transactionId { pricedIds.append(id) }
        }
        var nextPriced = 0
        if include("engine: price change ") {
            results.append(try StageMeasurement.measure("engine: price change (consent)", operations: operations, allocations: allocations) { index in
                let id = pricedIds[nextPriced]
                nextPriced += 1
                _ = try engine.apply(
                    .changePrice(ChangePriceRequest(
                        transactionId: id, requestInfo: RequestInfo(requestReferenceId: "pc-\(index)"),
                        items: [PriceChangeItem(sku: "news.basic.monthly", price: Milliunits(9990 + Int64(index % 1000)))])),
                    commandId: "pc\(index)", at: try Self.start.adding(days: 1), in: &priced)
            })
        }

        let envelopeBytes: Data = try Subscriptions_V1_CommandEnvelope.with {
            $0.commandID = "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10"
            $0.schemaVersion = WireContract.schemaVersion
            $0.command = .purchase(.with {
                $0.customerID = "customer-1"
                $0.productID = "news.basic.monthly"
                $0.storefront = "USA"
            })
        }.serializedBytes()
        if include("wire: envelope decode") {
            results.append(try StageMeasurement.measure("wire: envelope decode", operations: operations, allocations: allocations) { _ in
                _ = try Subscriptions_V1_CommandEnvelope(serializedBytes: envelopeBytes)
            })
        }

        var sample = InMemoryEngineStore()
        let outcome = try engine.apply(
            .purchase(PurchaseRequest(customerId: "sample", productId: "news.basic.monthly", storefront: "USA")),
            commandId: "sample", at: Self.start, in: &sample)
        let event = try require(outcome.events.first)
        let eventSize = try OutgoingEvent(event).outboxEntry().body.count
        if include("wire: event encode ") {
            // What the consumer does for every event: the engine's values straight to the wire format.
            results.append(try StageMeasurement.measure("wire: event encode (\(eventSize) B)", operations: operations, allocations: allocations) { _ in
                _ = try OutgoingEvent(event).outboxEntry()
            })
        }
        if include("wire: event map + encode") {
            // Through the generated type (what the consumer did before ProtobufWriter), for comparison.
            results.append(try StageMeasurement.measure("wire: event map + encode, generated type", operations: operations, allocations: allocations) { _ in
                _ = try Subscriptions_V1_NotificationEvent(event).serializedBytes() as Data
            })
        }
        let reply = try OutgoingReply(outcome.reply, route: .purchase, commandId: "6f1c2a0e-8d4b-4a51-9b0e-3f5d7c2a9e10", repliedAt: Self.start)
        let replySize = try reply.encoded().count
        if include("wire: reply encode") {
            results.append(try StageMeasurement.measure("wire: reply encode (\(replySize) B)", operations: operations, allocations: allocations) { _ in
                _ = try reply.encoded()
            })
        }

        let subscription = try require(sample.subscriptions.values.first)
        let record = subscription.recordBytes()
        if include("aggregate: record encode ") {
            results.append(StageMeasurement.measure("aggregate: record encode (\(record.count) B)", operations: operations, allocations: allocations) { _ in
                _ = subscription.recordBytes()
            })
        }
        if include("aggregate: record decode") {
            results.append(try StageMeasurement.measure("aggregate: record decode", operations: operations, allocations: allocations) { _ in
                _ = try Subscription(recordBytes: record)
            })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(subscription)
        if include("aggregate: JSON encode, sorted ") {
            results.append(try StageMeasurement.measure("aggregate: JSON encode, sorted (\(json.count) B)", operations: operations / 4, allocations: allocations) { _ in
                _ = try encoder.encode(subscription)
            })
        }
        let decoder = JSONDecoder()
        if include("aggregate: JSON decode") {
            results.append(try StageMeasurement.measure("aggregate: JSON decode", operations: operations / 4, allocations: allocations) { _ in
                _ = try decoder.decode(Subscription.self, from: json)
            })
        }
        return results
    }

    /// One write transaction of 64 purchase commands through the consumer's handler and store
    /// on a real SQLite file (synchronous = FULL); reported per command.
    func groupCommit() async throws -> StageMeasurement {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SubscriptionDatabase(path: directory.appending(path: "stages.sqlite").path)
        let handler = EngineCommandHandler(catalog: catalog)
        let batches = max(1, operations / 64 / 4)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let started = ContinuousClock.now
        for batch in 0..<batches {
            _ = try await database.write { transaction in
                for index in 0..<64 {
                    let envelope = Subscriptions_V1_CommandEnvelope.with {
                        $0.commandID = "b\(batch)-\(index)"
                        $0.schemaVersion = WireContract.schemaVersion
                        $0.command = .purchase(.with {
                            $0.customerID = "g\(batch)-\(index)"
                            $0.productID = "news.basic.monthly"
                            $0.storefront = "USA"
                        })
                    }
                    let outcome = try handler.handle(envelope, context: CommandContext(now: now, clock: .manual), in: transaction)
                    try transaction.recordProcessed(
                        commandId: envelope.commandID, method: "Purchase", reply: try outcome.outgoingReply.encoded(), at: now)
                    try transaction.enqueue(try outcome.outgoingEvents.map { try $0.outboxEntry() })
                }
            }
        }
        return StageMeasurement(
            name: "store: group commit of 64 purchases (per cmd)", operations: batches * 64, in: ContinuousClock.now - started)
    }
}

extension Stages {
    /// The event archive's transaction (`EventArchiveDatabase.insert`) on a real SQLite file: 256
    /// purchase events per transaction, each the first event of a subscription the archive has
    /// not seen, under a random id as a purchase's (so each adds a subscription at a random place
    /// of the archive's id index); reported per event. The events are built before the clock
    /// starts.
    func archiveStore() async throws -> StageMeasurement {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = try EventArchiveDatabase(path: directory.appending(path: "archive.sqlite").path)
        let perBatch = 256
        let batches = max(1, operations / perBatch / 2)
        // A purchase's event is about 380 bytes; the archive does not read it.
        let body = Data(repeating: 0x5A, count: 380)
        var random = SplitMix64(seed: 0x5EED)
        let events = (0..<batches).map { _ in
            (0..<perBatch).map { _ in
                ArchivedEvent(
                    uuid: UUID().uuidString.lowercased(),
                    subscriptionId: String(2_000_000_000_000_000 + random.next() % 1_000_000_000_000_000), sequence: 1,
                    signedDate: 1_767_225_600_000, notificationType: "SUBSCRIBED", subtype: "INITIAL_BUY",
                    archivedAt: 1_767_225_600_000, body: body)
            }
        }
        let started = ContinuousClock.now
        for batch in events { try await archive.insert(batch) }
        return StageMeasurement(
            name: "archive: store of 256 new events (per event)", operations: batches * perBatch, in: ContinuousClock.now - started)
    }
}

/// A missing sample is a bug in the benchmark.
struct MissingSample: Error {}

func `require`<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingSample() }
    return value
}
