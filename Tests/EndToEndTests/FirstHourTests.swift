import Foundation
import Testing

/// What a new user meets in the first hour, through the real processes: the JSON error body
/// everywhere, deadlines the producer refuses, the catalog reload, the ids of our routes as
/// plain fields, months on the test clock, reads without side effects, and a consumer started
/// from anywhere.
@Suite("The first hour: the HTTP surface end to end", .serialized)
struct FirstHourTests {
    @Test("unknown paths get 404 and known paths with another method 405 with Allow, both in the API's JSON error body; a deadline under 100 ms is refused")
    func routingAndDeadlines() async throws {
        let stack = try await Stack.start()
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let unknown = try await http.post("v1/purchase", ["customerId": "x"])
        #expect(unknown.status == 404, "\(unknown)")
        #expect(unknown.json["errorCode"] as? Int == 4_049_000)
        let wrongMethod = try await http.send("GET", "v1/purchases")
        #expect(wrongMethod.status == 405, "\(wrongMethod)")
        #expect(wrongMethod.header("Allow") == "POST")
        #expect(wrongMethod.json["errorCode"] as? Int == 4_059_000)
        let trace = try await http.send("TRACE", "health")
        #expect(trace.status == 405, "\(trace)")
        #expect(trace.header("Allow") == "GET")
        #expect(trace.json["errorCode"] as? Int == 4_059_000)

        let tooShort = try await http.post(
            "v1/purchases", ["customerId": stack.unique("deadline"), "productId": E2ECatalog.monthly, "storefront": "USA"],
            headers: ["X-Request-Timeout": "1"])
        #expect(tooShort.status == 400, "\(tooShort)")
        #expect((tooShort.json["errorMessage"] as? String)?.hasPrefix("X-Request-Timeout: must be at least 100 ms") == true)
        await stack.stop()
    }

    @Test("the catalog reload re-reads the configured file; a path in the body is refused the same way whatever it names")
    func catalogReload() async throws {
        let stack = try await Stack.start()
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let reload = try await http.post("v1/catalog/reload", [:])
        #expect(reload.status == 200, "\(reload)")
        #expect((reload.json["productCount"] as? Int ?? 0) > 0)
        var messages: Set<String> = []
        for path in ["/etc/passwd", "/nonexistent/catalog.json"] {
            let refused = try await http.post("v1/catalog/reload", ["catalogPath": path])
            #expect(refused.status == 400, "\(refused)")
            let message = refused.json["errorMessage"] as? String ?? ""
            #expect(message.hasPrefix("catalogPath: is no longer accepted"), "\(message)")
            messages.insert(message)
        }
        #expect(messages.count == 1, "nothing about the consumer's files is told")
        await stack.stop()
    }

    @Test("our routes answer originalTransactionId, transactionId and status as plain fields equal to the signed payloads'; Apple's routes stay Apple-shaped")
    func plainIds() async throws {
        let stack = try await Stack.start()
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("ids"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        let id = try #require(purchase.json["originalTransactionId"] as? String)
        #expect(id == purchase.transaction["originalTransactionId"] as? String)
        #expect(purchase.json["transactionId"] as? String == purchase.transaction["transactionId"] as? String)
        #expect(purchase.json["status"] as? Int == 1)

        let switched = try await http.post("v1/subscriptions/switchProduct", ["originalTransactionId": id, "productId": E2ECatalog.standardMonthly])
        #expect(switched.status == 200, "\(switched)")
        #expect(switched.json["originalTransactionId"] as? String == id)
        #expect(switched.json["status"] as? Int == 1)
        #expect(switched.json["effectiveImmediately"] != nil)

        let off = try await http.post("v1/subscriptions/autoRenew", ["originalTransactionId": id, "autoRenewStatus": 0])
        #expect(off.status == 200, "\(off)")
        #expect(off.json["originalTransactionId"] as? String == id)
        #expect(off.json["transactionId"] as? String == switched.json["transactionId"] as? String)
        #expect(off.json["status"] as? Int == 1)
        #expect(off.renewal["autoRenewStatus"] as? Int == 0)

        // A price change with auto-renew off is refused with its own code, in plain words.
        let price = try await http.post("advancedCommerce/v1/subscription/changePrice/\(id)", [
            "requestInfo": ["requestReferenceId": UUID().uuidString.lowercased()],
            "items": [["SKU": E2ECatalog.standardMonthly, "price": 99_990]], "currency": "USD", "storefront": "USA",
        ])
        #expect(price.status == 403, "\(price)")
        #expect(price.json["errorCode"] as? Int == 4_039_001)
        #expect((price.json["errorMessage"] as? String)?.contains("auto-renew") == true)

        let failed = try await http.post("v1/subscriptions/paymentOutcome", ["originalTransactionId": id, "outcome": "CHARGE_FAILED"])
        #expect(failed.status == 200, "\(failed)")
        #expect(failed.json["originalTransactionId"] as? String == id)
        #expect(failed.json["transactionId"] != nil)
        #expect(failed.json["status"] as? Int == 1)

        // Apple's endpoint keeps exactly Apple's shape.
        let statuses = try await http.send("GET", "inApps/v1/subscriptions/\(id)")
        #expect(statuses.status == 200, "\(statuses)")
        #expect(Set(statuses.json.keys).isSubset(of: ["environment", "bundleId", "appAppleId", "data"]))
        await stack.stop()
    }

    @Test("R-REN-3 the test clock moves by P1M and P1Y in calendar months; a status read runs nothing, the clock's advance runs the queued mass extension")
    func calendarClockAndSideEffectFreeReads() async throws {
        let stack = try await Stack.start()
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("clock"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        let id = purchase.json["originalTransactionId"] as? String ?? ""

        let massId = UUID().uuidString.lowercased()
        let mass = try await http.post("inApps/v1/subscriptions/extend/mass", [
            "extendByDays": 3, "extendReasonCode": 1, "requestIdentifier": massId, "productId": E2ECatalog.monthly,
        ])
        #expect(mass.status == 200, "\(mass)")
        for _ in 0..<2 {
            let status = try await http.send("GET", "inApps/v1/subscriptions/extend/mass/\(E2ECatalog.monthly)/\(massId)")
            #expect(status.status == 200, "\(status)")
            #expect(status.json["complete"] as? Bool == false, "a read must not run the job: \(status)")
        }
        let month = try await http.post("v1/testClock/advance", ["advanceBy": "P1M"])
        #expect(month.status == 200, "\(month)")
        let previous = try #require(month.json["previousNow"] as? Int)
        let now = try #require(month.json["now"] as? Int)
        let days = Double(now - previous) / 86_400_000
        #expect((28...31).contains(days), "P1M moved \(days) days")
        let done = try await http.send("GET", "inApps/v1/subscriptions/extend/mass/\(E2ECatalog.monthly)/\(massId)")
        #expect(done.json["complete"] as? Bool == true, "the advance ran the job: \(done)")
        #expect(done.json["succeededCount"] as? Int ?? 0 >= 1)

        let year = try await http.post("v1/testClock/advance", ["advanceBy": "P1Y"])
        #expect(year.status == 200, "\(year)")
        let yearDays = Double((year.json["now"] as? Int ?? 0) - (year.json["previousNow"] as? Int ?? 0)) / 86_400_000
        #expect((365...366).contains(yearDays), "P1Y moved \(yearDays) days")
        #expect((year.json["transitionsFired"] as? Int ?? 0) >= 12, "a year of monthly renewals of \(id)")
        await stack.stop()
    }

    @Test(
        "the consumer started from another working directory without CATALOG_PATH finds its catalog and serves",
        .disabled(if: ProcessInfo.processInfo.environment["E2E_EXTERNAL_SERVICES"] == "1", "starts the consumer itself"))
    func consumerFromElsewhere() async throws {
        let stack = try await Stack.start(consumerEnvironment: ["CATALOG_PATH": nil], consumerWorkingDirectory: "/")
        let http = ProducerClient(baseURL: stack.producerURL, credentials: stack.credentials)
        let purchase = try await http.post(
            "v1/purchases", ["customerId": stack.unique("elsewhere"), "productId": E2ECatalog.monthly, "storefront": "USA"])
        #expect(purchase.status == 200, "\(purchase)")
        let status = await stack.stop()
        #expect(status.consumer == 0)
    }
}
