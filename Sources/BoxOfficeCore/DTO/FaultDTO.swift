/// The error envelope KOBIS sends, always with HTTP 200.
struct FaultEnvelope: Decodable, Sendable {
    var faultInfo: FaultInfo

    struct FaultInfo: Decodable, Sendable {
        var message: String?
        var errorCode: String?
    }
}
