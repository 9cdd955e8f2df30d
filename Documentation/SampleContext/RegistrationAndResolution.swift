// Types and values that the samples of Documentation/RegistrationAndResolution.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

protocol Pet {}

extension Cat: Pet {}

struct Logger {
    func warning(_ message: String) {}
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
}

/// What the app needs of a URL session, so that tests can give it another (the "Values and instances" section).
protocol URLSessionProtocol: Sendable {}

extension URLSession: URLSessionProtocol {}

struct Forecast {
    let city: String
}

let container = Container()
let logger = Logger()
