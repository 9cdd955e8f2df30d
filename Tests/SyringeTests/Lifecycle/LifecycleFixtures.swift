import Syringe

/// Records disposals (and other events) in order, from any thread.
final class DisposalLog: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched under `lock`.
    private let lock = TestLock()
    private var storage: [String] = []

    func append(_ entry: String) { lock.run { storage.append(entry) } }
    var entries: [String] { lock.run { storage } }
}

/// A disposable class instance that logs its name when disposed.
final class Resource: Disposable, Sendable {
    let name: String
    let log: DisposalLog
    let dependency: Resource?

    init(_ name: String, log: DisposalLog, dependency: Resource? = nil) {
        self.name = name
        self.log = log
        self.dependency = dependency
    }

    func dispose() { log.append(name) }
}

/// An asynchronously disposable instance that logs its name when disposed, after a suspension.
final class AsyncResource: AsyncDisposable {
    let name: String
    let log: DisposalLog

    init(_ name: String, log: DisposalLog) {
        self.name = name
        self.log = log
    }

    func dispose() async {
        await Task.yield()
        log.append(name)
    }
}

/// A disposable value type.
struct ValueResource: Disposable {
    let name: String
    let log: DisposalLog

    func dispose() { log.append(name) }
}
