/// One step of a resolution in progress: which registration is being made, as what was it asked, and how far
/// it has got. The frames of a resolution live in a buffer of its context, outermost first; the buffer is reused
/// from one resolution to the next, so tracking the path allocates nothing.
struct ResolutionFrame {
    enum Phase {
        /// The factory is running: asking for this registration again is a cycle.
        case factory
        /// The instance exists and `initCompleted` closures run.
        case completing
    }

    /// The registration, not retained: retaining it would write its reference count, which every thread
    /// resolving the same service shares. A frame is on the path only during the `make` call that pushes and
    /// pops it, and that call's caller holds the registration (through the reading section's table, a
    /// snapshot, or a reference of its own) until the call returns; copies of frames (error messages) are used
    /// before it returns.
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

    /// Whether the instance this frame made is in its `initCompleted` closures and kept by its scope (any scope
    /// but transient): a loop back to a running factory through such a frame has made progress.
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
