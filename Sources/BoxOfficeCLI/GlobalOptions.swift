import BoxOfficeArguments

/// The options every command takes that have bounds, each declared once: the parser reads its
/// value through it (and words its mistakes from it), and help, the man page and the completions
/// take its name, bounds and default from it.
enum GlobalOptions {
    static let timeout = Parameter("timeout", value: "SECONDS", help: "time allowed for each try of a request", default: "15",
                                   kind: .decimal(0.01...3600, unit: "seconds"))
    static let retries = Parameter("retries", value: "N", help: "tries again after timeouts, lost connections, 5xx and 429", default: "2",
                                   kind: .number(0...10))
    static let jobs = Parameter("jobs", value: "N", help: "most requests in flight at once for ranges", default: "8", kind: .number(1...64))
    static let rate = Parameter("rate", value: "N", help: "most requests a second that reach the network, shared by all jobs; 0 for no limit",
                                default: "10", kind: .decimal(0...1000, unit: "requests a second", zero: "no limit"))

    /// How help shows `parameter`: its help, then its bounds (`, 1 to 64`) unless `bounds` is false.
    static func option(_ parameter: Parameter, bounds: Bool = true) -> OptionSpec {
        var option = parameter.option
        if bounds, let words = parameter.bounds { option.help += ", " + words }
        return option
    }
}
