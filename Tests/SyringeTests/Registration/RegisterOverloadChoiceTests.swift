import Syringe
import Testing

private final class Clock: Sendable {
    let label: String
    init(_ label: String = "clock") { self.label = label }
}

/// Whether `Clock` is registered with a synchronous factory: a synchronous `require` makes it, where an `async`
/// factory's registration answers `.asyncFactory`.
private func isSynchronous(_ container: Container, arguments: (String, Int)? = nil) throws -> Bool {
    do {
        if let (label, number) = arguments {
            _ = try container.require(Clock.self, arguments: label, number)
        } else {
            _ = try container.require(Clock.self)
        }
        return true
    } catch let error {
        guard case .asyncFactory = error.kind else { throw error }
        return false
    }
}

/// Generic code that forwards a factory of any arguments, as a helper of an app's might.
private func forward<each Argument>(
    _ container: Container, _ factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Clock
) {
    container.register(Clock.self, factory: factory)
}

/// The synchronous `register` with arguments and the `async` one are disfavored overloads (so that the type checker
/// settles a `{ r in … }` call on the plain form): each call still gets the form it gets without that.
@Suite("register: each kind of factory gets its own form")
struct RegisterOverloadChoiceTests {
    @Test("a closure with no `await` is registered synchronously, with or without arguments")
    func synchronousClosures() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        #expect(try isSynchronous(container))
        container.register(Clock.self) { (_, label: String, number: Int) in Clock("\(label) \(number)") }
        #expect(try isSynchronous(container, arguments: ("a", 1)))
        #expect(container.resolve(Clock.self, arguments: "a", 1)?.label == "a 1")
    }

    @Test("a closure marked `async`, or one that awaits, is registered as an async factory")
    func asyncClosures() async throws {
        let container = Container()
        container.register(Clock.self) { _ async in Clock("marked") }
        #expect(try !isSynchronous(container))
        #expect(try await container.async.require(Clock.self).label == "marked")
        container.register(Clock.self) { (_, label: String, number: Int) in
            await Task.yield()
            return Clock("\(label) \(number)")
        }
        #expect(try !isSynchronous(container, arguments: ("b", 2)))
        #expect(try await container.async.require(Clock.self, arguments: "b", 2).label == "b 2")
    }

    @Test("generic code that forwards a factory of any arguments registers it synchronously, for none and for two")
    func forwardedPacks() throws {
        let container = Container()
        forward(container) { _ in Clock("none") }
        #expect(try isSynchronous(container))
        #expect(container.resolve(Clock.self)?.label == "none")
        forward(container) { (_, label: String, number: Int) in Clock("\(label) \(number)") }
        #expect(try isSynchronous(container, arguments: ("c", 3)))
        #expect(container.resolve(Clock.self, arguments: "c", 3)?.label == "c 3")
    }
}
