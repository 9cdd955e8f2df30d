import Syringe
import Testing

extension ServiceEntry {
    /// A helper as Swinject users add one to `ServiceEntry`: a name for a scope choice, chaining as the entry does.
    @discardableResult
    fileprivate func asSingleton() -> ServiceEntry<Service> {
        inObjectScope(.container)
    }

    /// The entry itself, configured by several calls: the other spelling such helpers use.
    @discardableResult
    fileprivate func initCompletedCounting(into counter: CallCounter) -> Self {
        initCompleted { _, _ in counter.increment() }
    }
}

private final class Database {}

@Suite("Drop-in: extensions of ServiceEntry")
struct ServiceEntryExtensionTests {
    @Test("a helper in an extension of ServiceEntry configures the registration it is called on")
    func helperConfigures() {
        let container = Container()
        let counter = CallCounter()
        container.register(Database.self) { _ in Database() }.asSingleton().initCompletedCounting(into: counter)
        #expect(container.resolve(Database.self) === container.resolve(Database.self))
        #expect(counter.value == 1)
    }
}
