import Syringe
import Testing

private protocol Logging: Sendable {}
private final class ConsoleLogger: Logging {}
private final class LoggedCheckout: Sendable {
    let logger: any Logging
    init(logger: any Logging) { self.logger = logger }
}

@Suite("Did you mean: a type registered, its protocol asked (and the reverse)")
struct ProtocolMixUpTests {
    @Test("Asking for a protocol names the kept instance that conforms and spells (any P).self")
    func protocolAskedConcreteRegistered() throws {
        let container = Container()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
        container.register(LoggedCheckout.self) { r in LoggedCheckout(logger: try r.require((any Logging).self)) }
        _ = try container.require(ConsoleLogger.self)
        let error = #expect(throws: ResolutionError.self) { try container.require(LoggedCheckout.self) }
        let message = error?.description ?? ""
        #expect(error?.code == .notRegistered)
        #expect(message.contains("Did you mean ConsoleLogger?"))
        #expect(message.contains(".implements((any Logging).self)"))
        #expect(message.contains("container.register((any Logging).self)"))
        #expect(!message.contains("container.register(Logging.self)"))
    }

    @Test("Without a kept instance, a protocol's miss still explains (any P).self and .implements")
    func protocolAskedNothingKept() {
        let container = Container()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }
        let error = #expect(throws: ResolutionError.self) { try container.require((any Logging).self) }
        let message = error?.description ?? ""
        #expect(message.contains("Logging is a protocol"))
        #expect(message.contains(".implements((any Logging).self)"))
        #expect(!message.contains("Did you mean"))
    }

    @Test("Asking for the concrete type names the protocol registration that keeps an instance of it")
    func concreteAskedProtocolRegistered() throws {
        let container = Container()
        container.register((any Logging).self) { _ in ConsoleLogger() }.inObjectScope(.container)
        _ = try container.require((any Logging).self)
        let error = #expect(throws: ResolutionError.self) { try container.require(ConsoleLogger.self) }
        let message = error?.description ?? ""
        #expect(message.contains("Did you mean (any Logging)?"))
        #expect(message.contains("ask for (any Logging).self"))
    }

    @Test("The optional resolve's log message carries the did-you-mean")
    func optionalResolveLogs() throws {
        let container = Container()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
        _ = try container.require(ConsoleLogger.self)
        // Its message names ConsoleLogger; "Logging" alone would also catch LoggingTests' messages, logged meanwhile.
        let messages = loggedMessages(containing: "ConsoleLogger") {
            #expect(container.resolve((any Logging).self) == nil)
        }
        #expect(messages.first?.contains("Did you mean ConsoleLogger?") == true)
    }

    @Test("verify() names the registration whose instance it made conforms, though none is kept")
    func verifyNamesMadeInstances() {
        let container = Container()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }
        container.register(LoggedCheckout.self) { r in LoggedCheckout(logger: try r.require((any Logging).self)) }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.failures.count == 1)
        #expect(error?.description.contains("Did you mean ConsoleLogger?") == true)
    }

    @Test("The message is the one Documentation/Diagnostics.md shows, word for word")
    func documentedMessage() throws {
        let container = Container()
        container.register(ConsoleLogger.self, fileID: "MyApp/Logging.swift", line: 8) { _ in ConsoleLogger() }
            .inObjectScope(.container)
        _ = try container.require(ConsoleLogger.self)
        let error = #expect(throws: ResolutionError.self) { try container.require((any Logging).self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve Logging: nothing is registered for Logging.
                  Registered for Logging: nothing
                  Logging is a protocol: only a registration made as (any Logging).self, or one that adds .implements((any Logging).self), answers it (registering a conforming type does not).
                  Did you mean ConsoleLogger? It is registered (ConsoleLogger [container] at MyApp/Logging.swift:8) and its instance conforms to Logging. To fix: add .implements((any Logging).self) to that registration, or register it as (any Logging).self.
                  To fix: register it, e.g. container.register((any Logging).self) { r in … }.
                """)
    }
}

@Suite("Did you mean, while other threads register and resolve")
struct ConcurrentProtocolMixUpTests {
    @Test("Messages made while registrations change name only what exists, and never block a resolve")
    func messagesWhileRegistering() async {
        let container = Container()
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
        _ = container.resolve(ConsoleLogger.self)
        let messages = await withTaskGroup(of: String.self) { group in
            for index in 0..<32 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        container.register(Int.self, name: "n\(index)") { _ in index }.inObjectScope(.container)
                        _ = container.resolve(Int.self, name: "n\(index)")
                        return ""
                    }
                    do throws(ResolutionError) {
                        _ = try container.require((any Logging).self)
                        return "resolved"
                    } catch {
                        return error.description
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        let misses = messages.filter { !$0.isEmpty }
        #expect(misses.count == 16)
        #expect(misses.allSatisfy { $0.contains("Did you mean ConsoleLogger?") })
    }
}
