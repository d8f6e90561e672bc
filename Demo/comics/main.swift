import ComicReader
import Foundation

// Parse the command line, wire the program and run it; the exit code says how it went.
let program = ComicsProgram(arguments: Array(CommandLine.arguments.dropFirst()))
exit(await program.run())
