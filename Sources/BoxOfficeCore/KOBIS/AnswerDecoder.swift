#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a KOBIS body into a response value, or into the precise reason it is not one.
enum AnswerDecoder {
    static func decode<Response: Decodable>(_ type: Response.Type, from body: Data) throws -> Response {
        guard let first = body.first(where: { !isWhitespace($0) }) else {
            throw KOBISError.unreadable(.empty)
        }
        if first == UInt8(ascii: "<") {
            throw KOBISError.unreadable(.html)
        }
        if let fault = fault(in: body) {
            throw KOBISError.fault(fault)
        }
        // A day's answer in KOBIS's own shape is read quickly; anything else as below.
        if Response.self == DailyBoxOfficeResponse.self, let quick = DailyAnswerScanner.response(body) as? Response {
            return quick
        }
        do {
            return try JSONDecoder().decode(Response.self, from: body)
        } catch let error as DecodingError {
            throw KOBISError.unreadable(classify(error, body: body))
        }
    }

    package static func fault(in body: Data) -> KOBISFault? {
        guard body.firstOffset(of: "\"faultInfo\"".utf8) != nil,
              let envelope = try? JSONDecoder().decode(FaultEnvelope.self, from: body) else { return nil }
        let code = envelope.faultInfo.errorCode?.trimmingBlanks() ?? ""
        let message = envelope.faultInfo.message?.trimmingBlanksAndNewlines() ?? ""
        return KOBISFault(code: code.isEmpty ? "unknown" : code, message: message.isEmpty ? "no message" : message)
    }

    private static func classify(_ error: DecodingError, body: Data) -> UnreadableAnswer {
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            let last = body.last(where: { !isWhitespace($0) })
            let first = body.first(where: { !isWhitespace($0) })
            let opened = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            let closed = last == UInt8(ascii: "}") || last == UInt8(ascii: "]")
            return opened && !closed ? .truncated : .notJSON
        case let .dataCorrupted(context):
            return .wrongShape("\(path(context.codingPath)): \(context.debugDescription)")
        case let .keyNotFound(key, context):
            return .wrongShape("\(path(context.codingPath + [key])) is missing")
        case let .typeMismatch(type, context):
            return .wrongShape("\(path(context.codingPath)) is not \(describe(type))")
        case let .valueNotFound(type, context):
            return .wrongShape("\(path(context.codingPath)) is null where \(describe(type)) was expected")
        @unknown default:
            return .wrongShape("unrecognised decoding failure")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the top level" }
        return keys.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case _ where name.hasPrefix("Array"): "a list"
        default: "an object"
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
