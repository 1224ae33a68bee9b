/// The error envelope KOBIS sends, always with HTTP 200.
struct FaultEnvelope: Decodable, Sendable {
    var faultInfo: FaultInfo

    struct FaultInfo: Decodable, Sendable {
        var message: String?
        var errorCode: String?
    }
}

extension KeyedDecodingContainer {
    /// A count KOBIS sends as a JSON number (`totCnt`), also accepted as a string of digits,
    /// as every other number of KOBIS's is one.
    func decodeCount(forKey key: Key) throws -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = text.trimmingBlanks()
        if trimmed.isEmpty { return nil }
        guard let number = Int(trimmed) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(key.stringValue) is not a count")
        }
        return number
    }
}
