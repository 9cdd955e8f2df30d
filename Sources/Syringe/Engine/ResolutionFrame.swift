/// One step of a resolution in progress: which registration is being made, as what, and how far it has got. The
/// frames live in a buffer of the context reused between resolutions, so tracking the path allocates nothing.
struct ResolutionFrame {
    enum Phase {
        /// The factory is running: asking for this registration again is a cycle.
        case factory
        /// The instance exists and `initCompleted` closures run.
        case completing
    }

    /// The registration, not retained (every thread resolving the service would write its count): a frame lives
    /// only during the `make` call that pushes it, whose caller holds the registration until it returns.
    let unretainedRegistration: Unretained<Registration>
    let requestedType: Any.Type
    let name: String?
    var phase: Phase

    init(registration: Unretained<Registration>, requestedType: Any.Type, name: String?, phase: Phase) {
        self.unretainedRegistration = registration
        self.requestedType = requestedType
        self.name = name
        self.phase = phase
    }

    /// The registration, retained (for the cold paths: counting deep frames, messages).
    var registration: Registration { unretainedRegistration.object }

    /// Whether this frame makes `registration`, compared by identity without retaining either.
    @inline(__always)
    func makes(_ registration: Unretained<Registration>) -> Bool {
        unretainedRegistration === registration
    }

    /// Whether this frame's instance, kept by its scope (not transient), is in its `initCompleted` closures: a loop
    /// back to a running factory through it has made progress.
    var completesKeptInstance: Bool {
        phase == .completing
            && unretainedRegistration.with {
                $0.currentConfiguration.with { $0.kind } != .transient
            }
    }

    /// The step as a request, for messages.
    var request: ServiceRequest {
        ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
    }
}
