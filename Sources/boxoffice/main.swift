import BoxOfficeCLI
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// Descriptors 0-2 first, so no file opened later can take the place of a closed stdout.
Console.reserveStandardDescriptors()
// A closed pipe (`boxoffice … | head`) must end the program quietly, not kill it with a signal.
signal(SIGPIPE, SIG_IGN)
// The programs it starts are waited for: SIGCHLD ignored by whoever started boxoffice (which a
// program inherits) would have the kernel reap them before their end could be learned.
signal(SIGCHLD, SIG_DFL)
let environment = ProcessInfo.processInfo.environment
let commandLine = BoxOfficeCommandLine(environment: environment, console: .system(environment: environment))
exit(await commandLine.runStoppingOnSignals(Array(CommandLine.arguments.dropFirst())).rawValue)
