@testable import BoxOfficeArguments
@testable import BoxOfficeCLI
@testable import BoxOfficeRendering
import BoxOfficeCore
import Foundation
import Testing

/// The run is composed once: its one client is made from the run's own settings, heard as its
/// command says, whichever copy of the context asks for it first; a face's quieter copy, or one
/// with another cache mode for a call, changes nothing of it.
@Suite struct ClientCompositionTests {
    static func context(_ arguments: [String], said: Locked<[String]>, voice: ClientVoice) throws -> CommandContext {
        let today = try #require(Day(year: 2025, month: 10, day: 29))
        let invocation = try Invocation(try ArgumentParser().parse(arguments), environment: [:], today: today)
        return CommandContext(invocation: invocation, environment: [:], today: today, style: OutputStyle(), secrets: Secrets(), now: Date.init,
                              makeTransport: nil, progress: ProgressLine(enabled: false, width: nil, write: { _ in }), write: { _ in },
                              say: { line in said.withLock { $0.append(line) } }, voice: voice)
    }

    @Test func aFacesCopyChangesNothingOfTheClient() throws {
        let said = Locked<[String]>([])
        let context = try Self.context(["--demo", "daily"], said: said, voice: .all)
        // A silent copy with another cache mode asks first: the client is still the run's, and says
        // what the run's settings say (the demo's note) where the run says it.
        var quiet = context.with(say: { _ in })
        quiet.invocation.cacheMode = .refresh
        let client = try quiet.client()
        #expect(client.asksNoOne)
        #expect(said.withLock { $0 } == ["showing sample data recorded from KOBIS (--demo); no key or network used."])
        // One client for every copy.
        _ = try context.client()
        #expect(said.withLock { $0 }.count == 1)
    }

    @Test func aViewsClientIsHeardByNoOne() throws {
        let said = Locked<[String]>([])
        let context = try Self.context(["--demo", "browse"], said: said, voice: .none)
        _ = try context.client()
        #expect(said.withLock { $0 }.isEmpty, "composed by the loud copy, the view's client says nothing")
    }
}
