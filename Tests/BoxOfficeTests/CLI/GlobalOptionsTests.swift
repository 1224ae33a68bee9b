@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
import BoxOfficeCore
import Foundation
import Testing

/// A global option with bounds is declared once: the parser checks it against its declaration,
/// and help and the man page say the same bounds, from the same place.
@Suite struct GlobalOptionsTests {
    static let today = Day(year: 2025, month: 10, day: 29)!

    static func parse(_ arguments: [String]) throws -> Invocation {
        try Invocation(try ArgumentParser().parse(arguments), environment: [:], today: today)
    }

    @Test(arguments: [(GlobalOptions.jobs, "64", "65"), (GlobalOptions.retries, "10", "11"), (GlobalOptions.timeout, "3600", "3600.5"),
                      (GlobalOptions.rate, "0", "-1")])
    func eachBoundIsTheDeclarations(option: Parameter, inside: String, outside: String) throws {
        let bounds = try #require(option.bounds)
        _ = try Self.parse(["--" + option.name, inside, "daily"])
        #expect {
            _ = try Self.parse(["--" + option.name, outside, "daily"])
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            let upper = bounds.split(separator: " ").last.map(String.init) ?? ""
            return usage.message.hasPrefix("--\(option.name) '\(outside)' is not a") && usage.message.hasSuffix(" to \(upper)") && usage.command == nil
        }
        let help = HelpText(width: 200).main(version: "0")
        let line = try #require(help.split(separator: "\n").first { $0.contains("--\(option.name) ") })
        #expect(option.name == "rate" || line.contains(bounds), "\(line)")
    }

    @Test func theManualSaysTheDeclaredBounds() {
        // The topic as one line, however help wraps it.
        let manual = (HelpText(width: 10_000).topic("details") ?? "").replacingOccurrences(of: "\n", with: " ")
        for option in [GlobalOptions.timeout, GlobalOptions.jobs, GlobalOptions.retries] {
            #expect(manual.contains("--\(option.name) \(option.name == "timeout" ? "is " : "")\(option.bounds ?? "?")"), "\(option.name)")
        }
    }
}
