/// A signing identity, key file or token that cannot be used, naming the file or field.
public struct TrustError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Code: String, Sendable, Hashable {
        /// A file is missing or unreadable.
        case unreadableFile
        /// A file's content is not what it should be (PEM, certificate, key, JSON).
        case malformed
        /// The certificates do not form the chain Apple's verifier accepts.
        case invalidChain
        /// The private key does not belong to the leaf certificate.
        case keyMismatch
        /// A JWS that does not verify.
        case invalidSignature
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong, with the file or value.
    public var message: String

    /// An error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
