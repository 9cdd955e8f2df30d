import Synchronization
import Syringe

/// Every request's summary, kept for the life of the app.
public final class AuditLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var entries: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// What one request changed: made once per request (`.request` scope), written to the `AuditLog` when the request's
/// scope ends and disposes it.
public final class AuditTrail: Disposable, Sendable {
    public let request: RequestInfo
    private let log: AuditLog
    private let changes = Mutex<[String]>([])

    init(request: RequestInfo, log: AuditLog) {
        self.request = request
        self.log = log
    }

    func record(_ change: String) { changes.withLock { $0.append(change) } }

    public func dispose() {
        let changes = changes.withLock { $0 }
        log.append("\(request.id) \(request.path): \(changes.isEmpty ? "no changes" : changes.joined(separator: ", "))")
    }
}
