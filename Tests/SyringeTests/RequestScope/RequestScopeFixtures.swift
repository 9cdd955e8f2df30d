import Syringe

/// The user a request acts for: a value each request provides.
struct RequestUser: Sendable, Equatable {
    let name: String
}

/// A per-request unit of work, disposed when its request ends.
final class UnitOfWork: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `disposed` is only touched under `lock`.
    private let lock = TestLock()
    private var disposedFlag = false
    let user: RequestUser?

    init(user: RequestUser? = nil) { self.user = user }

    func dispose() { lock.run { disposedFlag = true } }
    var isDisposed: Bool { lock.run { disposedFlag } }
}

extension ServiceKeys {
    static let requestUser = Key<RequestUser>.providedByRequest(label: "requestUser")
    static let adminUser = Key<RequestUser>.providedByRequest(label: "adminUser", name: "admin")
    static let unitOfWork = Key<UnitOfWork>(label: "unitOfWork", scope: .request) { r in
        UnitOfWork(user: try r[.requestUser])
    }
}
