// Types and values that the samples of Documentation/RegistrationAndResolution.md use without showing them.
// Compiled before the page's blocks (see Documentation/README.md, "Writing samples").
protocol Pet {}

extension Cat: Pet {}

struct Logger {
    func warning(_ message: String) {}
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
}

struct Forecast {
    let city: String
}

let container = Container()
let logger = Logger()
