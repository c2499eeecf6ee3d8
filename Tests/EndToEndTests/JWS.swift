import Foundation

/// Reads the payload of a JWS compact string (`header.payload.signature`) as JSON without
/// verifying it (the producer's tests and scripts/check-apple-library.sh verify signatures).
enum JWS {
    static func payload(_ value: Any?) -> [String: Any] {
        guard let text = value as? String else { return [:] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return [:] }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}

extension ProducerClient.Response {
    /// The decoded `signedTransactionInfo` of an Advanced Commerce-style response.
    var transaction: [String: Any] { JWS.payload(value("signedTransactionInfo") ?? value("subscription", "signedTransactionInfo")) }
    /// The decoded `signedRenewalInfo` of an Advanced Commerce-style response.
    var renewal: [String: Any] { JWS.payload(value("signedRenewalInfo") ?? value("subscription", "signedRenewalInfo")) }
    /// The subscription's `originalTransactionId`.
    var originalTransactionId: String { transaction["originalTransactionId"] as? String ?? "" }
}
