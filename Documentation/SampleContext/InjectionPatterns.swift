// Types and values that the samples of Documentation/InjectionPatterns.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Garage {
    var log: [String] = []
}

/// A decorator of the "Decorators" section: more power than the engine it wraps.
final class Turbo: Engine {
    let inner: any Engine
    init(_ inner: any Engine) { self.inner = inner }
    var power: Int { inner.power + 50 }
}

/// A decorator of the "Decorators" section: the engine it wraps, each use of its power counted.
final class Logged: Engine {
    let inner: any Engine
    private(set) var reads = 0
    init(_ inner: any Engine) { self.inner = inner }
    var power: Int {
        reads += 1
        return inner.power
    }
}

let container = Container()
