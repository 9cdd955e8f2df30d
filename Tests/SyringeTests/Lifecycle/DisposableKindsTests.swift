import Syringe
import Testing

/// A class that is not disposable, and a subclass that is.
private class Plain: @unchecked Sendable {
    // @unchecked Sendable: no stored state of its own; subclasses add only `let`s of Sendable types.
    let name: String
    init(_ name: String) { self.name = name }
}

private final class DisposablePlain: Plain, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `log` is a `let` of a Sendable type.
    let log: DisposalLog
    init(_ name: String, log: DisposalLog) {
        self.log = log
        super.init(name)
    }
    func dispose() { log.append(name) }
}

/// A value with nothing to dispose.
private struct PlainValue {}

@Suite("Which kept instances are disposed, whatever their type and how they are reached")
struct DisposableKindsTests {
    @Test("a disposable subclass is disposed, its plain superclass never, in either order of first use")
    func subclassesAreToldApart() {
        for plainFirst in [true, false] {
            let log = DisposalLog()
            let container = Container()
            container.register(Plain.self, name: "plain") { _ in Plain("plain") }.inObjectScope(.container)
            container.register(Plain.self, name: "sub") { _ in DisposablePlain("sub", log: log) }
                .inObjectScope(.container)
            let order = plainFirst ? ["plain", "sub"] : ["sub", "plain"]
            for name in order { _ = container.resolve(Plain.self, name: name) }
            container.shutdown()
            #expect(log.entries == ["sub"], "plain first: \(plainFirst)")
        }
    }

    @Test("optionals, existentials and Any holding a disposable are disposed; holding nil or a plain value, not")
    func wrappersAreCheckedByWhatTheyHold() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource?.self, name: "some") { _ in Resource("some", log: log) }.inObjectScope(.container)
        container.register(Resource?.self, name: "none") { _ in nil }.inObjectScope(.container)
        container.register(Any.self, name: "any") { _ in Resource("any", log: log) }.inObjectScope(.container)
        container.register(Any.self, name: "plain") { _ in Plain("plain") }.inObjectScope(.container)
        container.register((any Disposable).self) { _ in ValueResource(name: "value", log: log) }
            .inObjectScope(.container)
        container.register(Any.self, name: "value") { _ in ValueResource(name: "any value", log: log) }
            .inObjectScope(.container)
        for name in ["some", "none"] { _ = container.resolve(Resource?.self, name: name) }
        for name in ["any", "plain", "value"] { _ = container.resolve(Any.self, name: name) }
        _ = container.resolve((any Disposable).self)
        container.shutdown()
        #expect(log.entries.sorted() == ["any", "any value", "some", "value"])
    }

    @Test("values boxed as objects are disposed by what each holds, in either order", arguments: [true, false])
    func boxedValuesAreCheckedOneByOne(disposableFirst: Bool) {
        let log = DisposalLog()
        let container = Container()
        container.register(AnyObject.self, name: "value") { _ in ValueResource(name: "boxed", log: log) as AnyObject }
            .inObjectScope(.container)
        container.register(AnyObject.self, name: "plain") { _ in PlainValue() as AnyObject }.inObjectScope(.container)
        for name in disposableFirst ? ["value", "plain"] : ["plain", "value"] {
            _ = container.resolve(AnyObject.self, name: name)
        }
        container.shutdown()
        #expect(log.entries == ["boxed"])
    }

    @Test("many containers of the same class, each disposes its own instance once")
    func sameClassAcrossContainers() {
        let log = DisposalLog()
        for index in 0..<50 {
            let container = Container()
            container.register(Resource.self) { _ in Resource("r\(index)", log: log) }.inObjectScope(.container)
            _ = container.resolve(Resource.self)
            container.shutdown()
        }
        #expect(log.entries == (0..<50).map { "r\($0)" })
    }
}
