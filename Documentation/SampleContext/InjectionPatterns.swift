// Types and values that the samples of Documentation/InjectionPatterns.md use without showing them.
// Compiled before the page's blocks (see Documentation/README.md, "Writing samples").
final class Garage {
    var log: [String] = []
}

let container = Container()
