import Foundation
import Syringe
import Testing

@Suite("Disposal while other threads resolve")
struct ConcurrentDisposalTests {
    @Test("every instance made while threads resolve, reset and shut down is disposed exactly once")
    func exactlyOnceUnderContention() async {
        let log = DisposalLog()
        let counter = CallCounter()
        let app = Container()
        app.register(Resource.self, name: "singleton") { _ in
            counter.increment()
            return Resource("singleton \(counter.value)", log: log)
        }.inObjectScope(.container)
        app.register(Resource.self, name: "local") { _ in
            counter.increment()
            return Resource("local \(counter.value)", log: log)
        }.inObjectScope(.perContainer)
        let features = (0..<3).map { _ in Container(parent: app) }

        await withTaskGroup(of: Void.self) { group in
            for round in 0..<300 {
                let feature = features[round % features.count]
                group.addTask {
                    switch round % 10 {
                    case 0: await feature.async.shutdown()
                    case 1: app.resetObjectScope(.container)
                    default:
                        _ = feature.resolve(Resource.self, name: "singleton")
                        _ = feature.resolve(Resource.self, name: "local")
                    }
                }
            }
        }
        for feature in features { await feature.async.shutdown() }
        await app.async.shutdown()

        let disposed = log.entries
        #expect(disposed.count == counter.value)
        #expect(Set(disposed).count == disposed.count)
    }

    @Test("a singleton whose registration is removed while its factory runs is the caller's: neither kept nor disposed")
    func removedWhileCreating() throws {
        let log = DisposalLog()
        let container = Container()
        let factoryStarted = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        container.register(Resource.self) { _ in
            factoryStarted.signal()
            mayFinish.wait()
            return Resource("made during removal", log: log)
        }.inObjectScope(.container)

        let resolved = ThreadResult<Resource>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            resolved.value = container.resolve(Resource.self)
            finished.signal()
        }
        thread.start()
        factoryStarted.wait()
        #expect(container.unregister(Resource.self))
        mayFinish.signal()
        finished.wait()

        let instance = try #require(resolved.value)
        #expect(instance.name == "made during removal")
        #expect(container.resolve(Resource.self) == nil)
        container.shutdown()
        #expect(log.entries.isEmpty)
    }
}
