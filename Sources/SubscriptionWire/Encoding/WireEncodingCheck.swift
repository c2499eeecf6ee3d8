import Foundation

/// The safety net under the hand-written encodings (``ProtobufWriter``): each message the
/// consumer writes straight from engine values is compared with the bytes swift-protobuf writes
/// for the same message, and a difference stops the process.
///
/// On in debug builds and in any build compiled with `-D WIRE_ENCODING_CHECK` (the release build
/// `scripts/test.sh` tests, so that every suite and check of the real services still compares
/// every event and reply); compiled out of the release builds users run.
enum WireEncodingCheck {
    /// Stops the process when `body` differs from `reference` (swift-protobuf's bytes), saying `what` differed.
    @inline(__always)
    static func verify(_ body: Data, matches reference: @autoclosure () -> Data?, _ what: @autoclosure () -> String) {
        #if DEBUG || WIRE_ENCODING_CHECK
        precondition(body == reference(), "the hand-written encoding of \(what()) differs from swift-protobuf's")
        #endif
    }
}
