import Logging

extension SigningIdentity {
    /// The identity in the folder `path`, or, without one, an ephemeral identity made now
    /// (logged as a warning with its root's fingerprint: its signatures verify against no
    /// root anybody kept).
    public static func configured(path: String?, logger: Logger) throws(TrustError) -> SigningIdentity {
        if let path {
            let identity = try SigningIdentity(directory: path)
            logger.info(
                "signing with the identity in \(path)",
                metadata: ["signing.root.sha256": "\(identity.rootFingerprint)"])
            return identity
        }
        do {
            let identity = try SigningIdentity.create(commonName: "ephemeral").identity
            logger.warning(
                "SIGNING_IDENTITY is not set: signing with an ephemeral identity that no verifier trusts (subscriptionsctl identity create)",
                metadata: ["signing.root.sha256": "\(identity.rootFingerprint)"])
            return identity
        } catch {
            throw TrustError(.malformed, "cannot create an ephemeral signing identity: \(error)")
        }
    }
}

extension APIKeySet {
    /// The keys in the file `path`, or none (every authenticated route answers 401; logged).
    public static func configured(path: String?, logger: Logger) throws(TrustError) -> APIKeySet {
        guard let path else {
            logger.warning("AUTH_KEYS is not set: every API route answers 401 (subscriptionsctl key create)")
            return APIKeySet()
        }
        let keys = try APIKeySet(contentsOf: path)
        logger.info("API keys loaded", metadata: ["auth.keys": "\(keys.keys.keys.sorted().joined(separator: ","))", "auth.file": "\(path)"])
        return keys
    }
}
