import Syringe
import Testing

private final class Cart: Sendable {}

private final class Socket: Disposable, Sendable {
    let disposals: CallCounter
    init(disposals: CallCounter) { self.disposals = disposals }
    func dispose() { disposals.increment() }
}

@Suite("Async factories in per-container scopes and disposal")
struct AsyncScopeLifecycleTests {
    @Test("A per-container async service is one instance in each resolving container")
    func perContainer() async throws {
        let app = Container()
        app.register(Cart.self) { _ async in Cart() }.inObjectScope(.perContainer)
        let first = Container(parent: app)
        let second = Container(parent: app)
        let a = try await first.async.require(Cart.self)
        #expect(try await first.async.require(Cart.self) === a)
        let b = try await second.async.require(Cart.self)
        #expect(a !== b)
    }

    @Test("An async singleton is disposed once when its container shuts down, and made anew once it is reopened")
    func disposal() async throws {
        let disposals = CallCounter()
        let container = Container()
        container.register(Socket.self) { _ async in Socket(disposals: disposals) }.inObjectScope(.container)
        let socket = try await container.async.require(Socket.self)
        await container.async.shutdown()
        #expect(disposals.value == 1)
        container.reopen()
        #expect(try await container.async.require(Socket.self) !== socket)
    }
}
