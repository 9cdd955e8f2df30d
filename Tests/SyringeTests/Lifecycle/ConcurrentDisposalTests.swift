import Syringe
import Testing

@Suite("Disposal while other threads resolve")
struct ConcurrentDisposalTests {
    @Test(
        "every instance made while threads resolve, reset and shut down is disposed exactly once",
        .disabled("Known bug: about 1 run in 2 under contention one instance of 63 is never disposed; issue 6 stays open for it")
    )
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
                    case 0: await feature.shutdown()
                    case 1: app.resetObjectScope(.container)
                    default:
                        _ = feature.resolve(Resource.self, name: "singleton")
                        _ = feature.resolve(Resource.self, name: "local")
                    }
                }
            }
        }
        for feature in features { await feature.shutdown() }
        await app.shutdown()

        let disposed = log.entries
        #expect(disposed.count == counter.value)
        #expect(Set(disposed).count == disposed.count)
    }
}
