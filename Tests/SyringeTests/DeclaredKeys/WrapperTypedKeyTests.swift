import Syringe
import Testing

private final class Tuner: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension ServiceKeys {
    /// A key whose type a lookup answers with no registration (`nil`): its default must still apply.
    fileprivate static let optionalTuner = Key<Tuner?>(name: "optional tuner") { _ in Tuner("default") }
    fileprivate static let unnamedOptionalTuner = Key<Tuner?> { _ in Tuner("unnamed default") }
    fileprivate static let tuners = Key<[Tuner]>(name: "tuners") { _ in [Tuner("a"), Tuner("b")] }
    fileprivate static let tunerFor = Key<Tuner?>.WithArguments<String>(name: "tuner for") { _, label in Tuner(label) }
    fileprivate static let asyncOptionalTuner = AsyncKey<Tuner?>(name: "async tuner") { _ in Tuner("async default") }
    fileprivate static let mainActorOptionalTuner = MainActorKey<Tuner?>(name: "main-actor tuner") { _ in
        Tuner("main-actor default")
    }
}

private final class Radio {
    @Injected(.unnamedOptionalTuner) var tuner: Tuner?
}

private final class Dial: Sendable {
    let tuner: Tuner?
    init(tuner: Tuner?) { self.tuner = tuner }
}

/// Keys whose service type is an optional or an array: a lookup of that type answers without a registration (`nil`,
/// an empty array) instead of missing, so the key registers its default before looking up, not after a miss.
@Suite("Declared keys of optional and array types use their defaults")
struct WrapperTypedKeyTests {
    @Test("resolved from a container, unnamed, named and with arguments, the default applies")
    func fromContainer() throws {
        let container = Container()
        #expect(try container[.optionalTuner]?.label == "default")
        #expect(try container[.unnamedOptionalTuner]?.label == "unnamed default")
        #expect(try container[.tuners].map(\.label) == ["a", "b"])
        #expect(try container[.tunerFor, "fm"]?.label == "fm")
    }

    @Test("an override wins, `nil` included, and a child container uses its parent's default")
    func overridesAndChildren() throws {
        let parent = Container()
        let child = Container(parent: parent)
        #expect(try child[.optionalTuner]?.label == "default")
        let overridden = Container()
        overridden.register(.optionalTuner) { _ in nil }
        #expect(try overridden[.optionalTuner] == nil)
        overridden.register(.tuners) { _ in [] }
        #expect(try overridden[.tuners].isEmpty)
    }

    @Test("resolved inside a factory, through the resolver it receives")
    func fromFactory() throws {
        let container = Container()
        container.register(Dial.self) { r in Dial(tuner: try r[.optionalTuner]) }
        #expect(try container.require(Dial.self).tuner?.label == "default")
    }

    @Test("on the main actor, a main-actor key and a synchronous one")
    @MainActor
    func onTheMainActor() throws {
        let container = Container()
        #expect(try container.mainActor[.mainActorOptionalTuner]?.label == "main-actor default")
        #expect(try container.mainActor[.optionalTuner]?.label == "default")
    }

    @Test("awaited, and through @Injected filled either way")
    func awaitedAndInjected() async throws {
        let container = Container()
        #expect(try await container.async[.asyncOptionalTuner]?.label == "async default")
        #expect(try await container.async[.optionalTuner]?.label == "default")
        let radio = Radio()
        try container.inject(into: radio)
        #expect(radio.tuner?.label == "unnamed default")
        let awaited = Radio()
        try await Container().async.inject(into: awaited)
        #expect(awaited.tuner?.label == "unnamed default")
    }
}
