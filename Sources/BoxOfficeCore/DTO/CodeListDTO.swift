/// `code/searchCodeList`: a bare `codes` array, no wrapper and no count.
public struct CodeListResponse: Decodable, Sendable {
    public var codes: [CodeDTO]
}

/// One entry of a KOBIS code table.
public struct CodeDTO: Decodable, Sendable {
    public var fullCd: String?
    public var korNm: String?
    public var engNm: String?
}
