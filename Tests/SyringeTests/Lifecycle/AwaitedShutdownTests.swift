import Syringe
import Testing

private actor Flushes {
    private(set) var names: [String] = []
    func record(_ name: String) { names.append(name) }
}

private final class Uploader: AsyncDisposable {
    let flushes: Flushes
    init(flushes: Flushes) { self.flushes = flushes }
    func dispose() async {
        await Task.yield()
        await flushes.record("uploader")
    }
}

private final class Journal: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `disposals` is only touched under `lock`.
    private let lock = TestLock()
    private var disposals = 0
    func dispose() { lock.run { disposals += 1 } }
    var disposed: Int { lock.run { disposals } }
}

@Suite("Shutdown: one synchronous form, the awaited one through container.async")
struct AwaitedShutdownTests {
    @Test("await container.async.shutdown() waits for every AsyncDisposable")
    func awaitedShutdownWaits() async {
        let flushes = Flushes()
        let container = Container()
        container.register(Uploader.self) { _ in Uploader(flushes: flushes) }.inObjectScope(.container)
        _ = container.resolve(Uploader.self)
        await container.async.shutdown()
        #expect(await flushes.names == ["uploader"])
    }

    @Test("In async code, a defer can call the synchronous shutdown()")
    func deferInAsyncCode() async {
        let journal = Journal()
        do {
            let container = Container()
            container.register(Journal.self) { _ in journal }.inObjectScope(.container)
            defer { container.shutdown() }
            await Task.yield()
            _ = container.resolve(Journal.self)
        }
        #expect(journal.disposed == 1)
    }

    @Test("A synchronous shutdown() that cannot wait for an AsyncDisposable says so, naming the awaited form")
    func synchronousShutdownIsNotSilent() {
        let container = Container()
        container.register(Uploader.self) { _ in Uploader(flushes: Flushes()) }.inObjectScope(.container)
        _ = container.resolve(Uploader.self)
        let messages = loggedMessages(containing: "Uploader") { container.shutdown() }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("await container.async.shutdown()") == true)
    }

    @Test("A shutdown with only synchronous disposals logs nothing")
    func synchronousDisposalsAreQuiet() {
        let container = Container()
        container.register(Journal.self) { _ in Journal() }.inObjectScope(.container)
        _ = container.resolve(Journal.self)
        // Read by this test's type: the test above logs about `shutdown()` on purpose, maybe meanwhile.
        #expect(loggedMessages(containing: "Journal") { container.shutdown() }.isEmpty)
    }
}
