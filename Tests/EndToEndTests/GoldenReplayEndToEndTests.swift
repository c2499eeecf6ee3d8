import AMQPClient
import Foundation
import ServiceTestSupport
import Testing

/// Golden replays with every part a real process (docs/golden-replays.md): the built
/// `subscriptionsctl record` records a run that goes through the HTTP producer, stops on SIGTERM
/// with a complete file, and `subscriptionsctl replay` plays it into a second deployment.
@Suite(
    "Golden replays (end to end)",
    .disabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] == "1", "needs two deployments of its own"))
struct GoldenReplayEndToEndTests {
    @Test("R-RPL-1 R-RPL-2 R-RPL-3 commands sent through the producer are recorded by the subscriptionsctl process, which ends its file on SIGTERM, and replay identically")
    func producerRunRecordedAndReplayed() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "golden-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appending(path: "run.golden").path

        let source = try await Stack.start()
        let recorder: ServiceProcess
        do {
            recorder = try ctl(["record", "--out", golden, "--amqp-url", source.amqpURL, "--bus-prefix", source.busPrefix], in: directory, name: "record")
            try await waitForRecorder(golden)
            let http = ProducerClient(baseURL: source.producerURL, credentials: source.credentials)
            let created = try await http.post("v1/testClocks", ["frozenTime": 1_893_456_000_000, "name": "golden"])
            let clock = try #require(created.json["id"] as? String, "\(created)")
            let purchase = try await http.post(
                "v1/purchases", ["customerId": "alice", "productId": E2ECatalog.monthly, "storefront": "USA"],
                headers: ["X-Test-Clock": clock, "Idempotency-Key": "golden-alice"])
            #expect(purchase.status == 200, "\(purchase)")
            let advanced = try await http.post("v1/testClocks/\(clock)/advance", ["advanceBy": "P1M"])
            #expect(advanced.status == 200, "\(advanced)")
            // The renewal's event on its way to the recorder, which writes each message as it comes.
            try await waitForEvents(2, in: golden)
        } catch {
            _ = await source.stop()
            throw error
        }
        let recordStatus = await recorder.terminate()
        _ = await source.stop()
        #expect(recordStatus == 0, "\(recorder.logTail())")
        #expect(recorder.logTail().contains("recorded 3 commands and 2 events into \(golden)"), "\(recorder.logTail())")
        let lines = try String(contentsOfFile: golden, encoding: .utf8).split(separator: "\n")
        let routingKeys = lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["kind"] as? String == "command"
            else { return nil }
            return object["routingKey"] as? String
        }
        #expect(routingKeys == ["CreateTestClock", "Purchase", "AdvanceTestClock"].map { "subscriptions.v1.SubscriptionCommands/\($0)" })
        #expect(lines.last == #"{"commands":3,"events":2,"kind":"end"}"#)

        let target = try await Stack.start(withProducer: false)
        let replay = try ctl(["replay", golden, "--against", target.amqpURL, "--bus-prefix", target.busPrefix], in: directory, name: "replay")
        let replayStatus = await replay.waitForExit(timeout: .seconds(90))
        _ = await target.stop()
        #expect(replayStatus == 0, "\(replay.logTail())")
        #expect(replay.logTail().contains("identical: 3 commands replayed; 2 events of 1 subscription(s) equal byte for byte"), "\(replay.logTail())")
    }

    /// Waits until the recorder wrote `count` event lines into `golden`.
    private func waitForEvents(_ count: Int, in golden: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: golden, encoding: .utf8)) ?? ""
            let events = text.split(separator: "\n").filter { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String == "event"
            }
            if events.count >= count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EError("the recorder did not write \(count) events into \(golden) in 30 s")
    }

    /// Starts the built `subscriptionsctl` with `arguments`, its output in `<name>.log`. (Not
    /// through a script written here: exec of a file just written fails with ETXTBSY when a
    /// process another test forks meanwhile inherits its open descriptor.)
    private func ctl(_ arguments: [String], in directory: URL, name: String) throws -> ServiceProcess {
        let binaries = BuiltProducts.directory
        return try ServiceProcess(
            name: name, executable: binaries.appending(path: "subscriptionsctl").path, arguments: arguments, environment: [:],
            logPath: directory.appending(path: "\(name).log").path)
    }

    /// Waits until the recorder's queue is bound: the recorder writes the golden file's header
    /// line once its bindings are declared (a probe on the events exchange would be routed at
    /// once to the consumer's event log, bound with `#`).
    private func waitForRecorder(_ golden: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: golden), data.contains(UInt8(ascii: "\n")) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("the recorder did not bind within 30 s")
    }
}
