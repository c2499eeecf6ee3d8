import SwiftASN1

/// The certificate extensions Apple's `SignedDataVerifier` looks for in an `x5c` chain: the
/// intermediate must carry ``intermediate`` and the leaf ``leaf`` (the extension's value is an
/// ASN.1 NULL, as in Apple's own certificates).
public enum AppleMarkerOID {
    /// 1.2.840.113635.100.6.2.1: Apple Worldwide Developer Relations intermediate marker.
    public static let intermediate: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// 1.2.840.113635.100.6.11.1: the App Store receipt-signing leaf marker.
    public static let leaf: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    /// DER of ASN.1 NULL, the value of both marker extensions.
    static let nullValue: ArraySlice<UInt8> = [0x05, 0x00]
}
