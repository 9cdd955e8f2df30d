import Syringe
import Testing

private protocol Printer: AnyObject, Sendable {}
private final class LaserPrinter: Printer {}

private struct Formatter: Sendable {
    let style: String
}

private final class ReceiptPrinter: AutoCreatable, InjectionCompletionAware, @unchecked Sendable {
    // @unchecked Sendable: test fixture, `completed` is set once by the container before the instance is shared.
    let printer: any Printer
    @Injected var formatter: Formatter
    private(set) var completed = false

    init(resolver: any Resolver) throws {
        printer = try resolver.require((any Printer).self)
    }

    func didInjectDependencies(from resolver: any Resolver) {
        completed = true
    }
}

private final class SharedClock: AutoCreatable, Sendable {
    init(resolver: any Resolver) {}
    static var autoCreationScope: ObjectScope { .container }
}

private final class ReceiptCheckout {
    let receipts: ReceiptPrinter
    init(receipts: ReceiptPrinter) { self.receipts = receipts }
}

@Suite("Auto-creation of unregistered types")
struct AutoCreationTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register((any Printer).self) { _ in LaserPrinter() }
        container.register(Formatter.self) { _ in Formatter(style: "short") }
        return container
    }

    @Test("An unregistered AutoCreatable type is made, with its properties injected, when the container opts in")
    func autoCreates() throws {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        let receipts = try container.require(ReceiptPrinter.self)
        #expect(receipts.printer is LaserPrinter)
        #expect(receipts.formatter.style == "short")
        #expect(receipts.completed)
        // Transient by default.
        #expect(try container.require(ReceiptPrinter.self) !== receipts)
    }

    @Test("Without opting in, an unregistered AutoCreatable type is a miss")
    func offByDefault() {
        let container = makeContainer()
        #expect(!container.autoCreatesUnregisteredTypes)
        #expect(container.resolve(ReceiptPrinter.self) == nil)
        #expect {
            try container.require(ReceiptPrinter.self)
        } throws: { error in
            guard let error = error as? ResolutionError, case .notRegistered = error.kind else { return false }
            return true
        }
    }

    @Test("A registration of the type comes first; named and argument requests are not auto-created")
    func registrationWins() throws {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        #expect(container.resolve(ReceiptPrinter.self, name: "other") == nil)
        let registered = try ReceiptPrinter(resolver: container)
        container.register(ReceiptPrinter.self) { _ in registered }
        #expect(try container.require(ReceiptPrinter.self) === registered)
    }

    @Test("The type's scope is honoured, and resetObjectScope forgets an auto-created singleton")
    func scope() throws {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        let clock = try container.require(SharedClock.self)
        #expect(try container.require(SharedClock.self) === clock)
        container.resetObjectScope(.container)
        #expect(try container.require(SharedClock.self) !== clock)
    }

    @Test("A missing dependency of an auto-created type is a ResolutionError with the path through it")
    func missingDependency() {
        let container = Container()
        container.autoCreatesUnregisteredTypes = true
        #expect {
            try container.require(ReceiptPrinter.self)
        } throws: { error in
            guard let error = error as? ResolutionError else { return false }
            return error.path.map { "\($0.serviceType)" }.contains { $0.contains("Printer") }
        }
    }

    @Test("A registered factory resolves an auto-created dependency, and verify() checks it")
    func dependencyAndVerify() throws {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        container.register(ReceiptCheckout.self) { r in ReceiptCheckout(receipts: try r.require(ReceiptPrinter.self)) }
        #expect(try container.require(ReceiptCheckout.self).receipts.formatter.style == "short")
        let report = try container.verify()
        // The auto-created type appears in the report, verified with the registration that depends on it.
        #expect(report.verified.contains { $0.request.serviceType == ReceiptPrinter.self })

        let broken = Container()
        broken.autoCreatesUnregisteredTypes = true
        broken.register(ReceiptCheckout.self) { r in ReceiptCheckout(receipts: try r.require(ReceiptPrinter.self)) }
        #expect {
            try broken.verify()
        } throws: { error in
            "\(error)".contains("ReceiptPrinter") && "\(error)".contains("Printer")
        }
    }

    @Test("verify() reports a singleton that captures a transient auto-created type, and leaves nothing behind")
    func verifyCaptive() {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        container.register(ReceiptCheckout.self) { r in ReceiptCheckout(receipts: try r.require(ReceiptPrinter.self)) }
            .inObjectScope(.container)
        #expect {
            try container.verify()
        } throws: { error in
            guard let error = error as? VerificationError else { return false }
            return error.captiveDependencies.contains { "\($0.captured)".contains("ReceiptPrinter") }
        }
        #expect(!container.hasAnyRegistration(of: ReceiptPrinter.self))
    }

    @Test("A child of an opted-in container auto-creates with its own registrations first")
    func childContainer() throws {
        let parent = makeContainer()
        parent.autoCreatesUnregisteredTypes = true
        let child = Container(parent: parent)
        child.register(Formatter.self) { _ in Formatter(style: "long") }
        #expect(try child.require(ReceiptPrinter.self).formatter.style == "long")
        #expect(try parent.require(ReceiptPrinter.self).formatter.style == "short")
    }

    @Test("Auto-created singletons are made once when many threads ask at once")
    func threads() {
        let container = makeContainer()
        container.autoCreatesUnregisteredTypes = true
        let seen = Collected<ObjectIdentifier>()
        let finished = ThreadRunner.run(threads: 8) { _ in
            if let clock = container.resolve(SharedClock.self) { seen.append(ObjectIdentifier(clock)) }
        }
        #expect(finished)
        #expect(seen.all.count == 8)
        #expect(Set(seen.all).count == 1)
    }
}
