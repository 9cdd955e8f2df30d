/// One step of a resolution in progress: which registration is being made, as what was it asked, and how far
/// it has got. Frames live on the stack of the resolving thread and link to the step that asked for them, so
/// tracking the path allocates nothing.
struct ResolutionFrame {
    enum Phase {
        /// The factory is running: asking for this registration again is a cycle.
        case factory
        /// The instance exists and `initCompleted` closures run.
        case completing
    }

    let registration: Registration
    let requestedType: Any.Type
    let name: String?
    var phase: Phase
    let parent: UnsafeMutablePointer<ResolutionFrame>?
    let depth: Int

    /// The step as a request, for messages.
    var request: ServiceRequest {
        ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
    }
}
