/// What a ``VerificationWalk`` finds, collected from the tasks and threads its resolutions run on; each synchronous
/// resolution an awaited one makes runs in a verification context of its own, merged here when it ends.
final class AsyncVerification: Sendable {
    private let findings: Locked<VerificationRecorder>
    let recordsDependencies: Bool

    init(recordsDependencies: Bool = false) {
        self.recordsDependencies = recordsDependencies
        findings = Locked(VerificationRecorder(recordsDependencies: recordsDependencies))
    }

    /// Starts from what the synchronous part of the walk found (it runs first).
    func start(from recorder: VerificationRecorder) {
        findings.withLock { $0 = recorder }
    }

    func failed(_ registration: Registration) {
        findings.withLock { $0.failed(registration) }
    }

    /// The innermost registration that failed since the last call, forgotten now.
    func takeFailureOrigin() -> Registration? {
        findings.withLock { recorder in
            defer { recorder.failureOrigin = nil }
            return recorder.failureOrigin
        }
    }

    /// Runs `body` with everything found so far (under the lock: `body` must not resolve).
    func withFindings<Result>(_ body: (VerificationRecorder) -> Result) -> Result {
        findings.withLock { body($0) }
    }

    /// Records a captive dependency if `registration` is asked for below a singleton on the path `frames`.
    func check(_ registration: Registration, request: ServiceRequest, below frames: [AsyncResolution.Frame]) {
        let stack = frames.map { ($0.registration, $0.request, $0.registration.configuration.scope.kind) }
        let kind = registration.configuration.scope.kind
        findings.withLock { $0.check(registration, request: request, kind: kind, stack: stack) }
    }

    /// Runs `body`, a synchronous resolve through `root.container`, in a verification context that keeps every
    /// instance in the root's graph and knows the `async` path above it (for captive dependencies).
    func synchronously<Service>(
        in root: AsyncResolution.Root, below frames: [AsyncResolution.Frame],
        _ body: () throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        let recorder = VerificationRecorder(recordsDependencies: recordsDependencies)
        let context = ResolutionContext(
            container: root.container, graph: root.graph, registry: RegistrySnapshot(of: root.container))
        let observer = ResolutionObserver(verification: recorder)
        for frame in frames {
            observer.push(frame.registration, request: frame.request, kind: frame.registration.configuration.scope.kind)
        }
        context.observer = observer
        defer {
            context.finish()
            findings.withLock { $0.merge(recorder) }
        }
        return try body()
    }
}
