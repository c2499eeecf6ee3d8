import Foundation
import SubscriptionMessages

/// Sends one command of the chaos stream until it has a final reply: over AMQP the same
/// envelope again after a reply timeout, over HTTP the same request with the same idempotency
/// key after a 504, a 503 or a dropped connection.
struct ChaosSender: Sendable {
    let driver: LoadDriver
    let http: ChaosHTTP
    let workload: ChaosWorkload
    let stats: ChaosStats
    let giveUpAfter: Duration

    func execute(_ command: ChaosWorkload.Command) async {
        stats.sent(viaHTTP: command.viaHTTP)
        let deadline = ContinuousClock.now + giveUpAfter
        while ContinuousClock.now < deadline {
            if command.viaHTTP {
                switch await http.send(command.method, command.path, json: command.json, key: command.key) {
                case .answered(let status, let commandId, let json):
                    let ok = (200..<300).contains(status)
                    stats.finished(
                        kind: command.kind.rawValue, commandId: commandId, ok: ok,
                        error: ok ? nil : "HTTP \(status) \(json["body"] as? String ?? "")")
                    workload.finished(command, ok: ok, originalTransactionId: json["originalTransactionId"] as? String, priceChangeIds: [])
                    return
                case .timedOut:
                    stats.timedOut()
                    try? await Task.sleep(for: .milliseconds(200))
                case .unavailable:
                    stats.unavailable()
                    try? await Task.sleep(for: .milliseconds(300))
                }
            } else {
                guard let route = command.envelope.route else { break }
                let ask = LoadDriver.Command(envelope: command.envelope, route: route, scheduled: .now)
                if let reply = (try? await driver.ask(ask, timeout: .seconds(10))) ?? nil {
                    let ok = reply.status == .ok
                    stats.finished(
                        kind: command.kind.rawValue, commandId: command.envelope.commandID, ok: ok,
                        error: ok ? nil : "\(reply.status) \(reply.error.field): \(reply.error.message)")
                    let original = reply.purchase.hasSubscription ? reply.purchase.subscription.transactionInfo.originalTransactionID : nil
                    workload.finished(command, ok: ok, originalTransactionId: original, priceChangeIds: reply.changePrice.priceChangeIds)
                    return
                }
                stats.timedOut()
            }
        }
        stats.gaveUp()
        workload.finished(command, ok: false, originalTransactionId: nil, priceChangeIds: [])
    }
}
