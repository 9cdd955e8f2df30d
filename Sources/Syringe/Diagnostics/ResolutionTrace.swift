/// The tree of what one traced resolve (``Container/trace(_:name:arguments:)``) did: every service resolved, from
/// which registration, whether it was created or reused, and how long it took. Print it for an indented outline.
///
/// ```swift
/// print(container.trace(PetOwner.self).trace)
/// ```
public struct ResolutionTrace: Sendable, CustomStringConvertible {
    /// What happened to one resolved service.
    ///
    /// ```swift
    /// if case .created = step.outcome { print("made", step.request) }
    /// ```
    public enum Outcome: Sendable {
        /// The factory ran and made a new instance.
        ///
        /// ```swift
        /// if case .created = step.outcome { print(step.duration) }
        /// ```
        case created
        /// The scope already held an instance, which was returned.
        ///
        /// ```swift
        /// if case .reused = step.outcome { print(step.registration.scope) }
        /// ```
        case reused
        /// The resolution of this service failed with `error`.
        ///
        /// ```swift
        /// if case .failed(let error) = step.outcome { print(error.kind) }
        /// ```
        case failed(ResolutionError)
    }

    /// One resolved service and the services resolved while making it.
    ///
    /// ```swift
    /// for child in step.children { print(child.request, child.duration) }
    /// ```
    public struct Step: Sendable {
        /// What was asked: the type (as asked, which may be a forwarded type), name and argument types.
        ///
        /// ```swift
        /// print(step.request) // Animal(name: "cat")
        /// ```
        public let request: ServiceRequest
        /// The registration that answered, with its scope and where it was made.
        ///
        /// ```swift
        /// print(step.registration.fileID, step.registration.line)
        /// ```
        public let registration: RegistrationDescription
        /// Created, reused or failed.
        ///
        /// ```swift
        /// if case .reused = step.outcome { print("reused", step.request) }
        /// ```
        public let outcome: Outcome
        /// The time from asking to getting the instance, dependencies included, in nanoseconds of a monotonic clock.
        ///
        /// ```swift
        /// let slow = step.durationInNanoseconds > 5_000_000  // more than 5 ms
        /// ```
        public let durationInNanoseconds: UInt64
        /// ``durationInNanoseconds`` as a `Duration` (macOS 13, iOS 16, tvOS 16, watchOS 9).
        ///
        /// ```swift
        /// let slow = step.duration > .milliseconds(5)
        /// ```
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        public var duration: Duration { .nanoseconds(durationInNanoseconds) }
        /// The services resolved while making this one, in order.
        ///
        /// ```swift
        /// let dependencies = step.children.map(\.request)
        /// ```
        public let children: [Step]
    }

    /// The services the top-level call resolved directly: usually one, the requested service.
    ///
    /// ```swift
    /// let root = traced.trace.steps.first
    /// ```
    public let steps: [Step]

    /// The trace as indented text, one line a service, dependencies under the service that needed them.
    ///
    /// ```swift
    /// print(trace.description)
    /// ```
    public var description: String {
        var lines: [String] = []
        func add(_ step: Step, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            let place = "registered at \(step.registration.fileID):\(step.registration.line)"
            let scope = "[\(step.registration.scope)]"
            switch step.outcome {
            case .created:
                let time = formatted(nanoseconds: step.durationInNanoseconds)
                lines.append("\(indent)\(step.request): created \(scope) in \(time), \(place)")
            case .reused:
                lines.append("\(indent)\(step.request): reused \(scope), \(place)")
            case .failed(let error):
                lines.append("\(indent)\(step.request): failed \(scope), \(place): \(error.reason)")
            }
            for child in step.children { add(child, depth: depth + 1) }
        }
        for step in steps { add(step, depth: 0) }
        return lines.isEmpty ? "(nothing resolved)" : lines.joined(separator: "\n")
    }
}

/// A duration in nanoseconds as microseconds (`48.2 µs`) or, from a millisecond on, milliseconds (`3.1 ms`).
func formatted(nanoseconds: UInt64) -> String {
    let tenthsOfMicroseconds = nanoseconds / 100
    if tenthsOfMicroseconds < 10_000 {
        return "\(tenthsOfMicroseconds / 10).\(tenthsOfMicroseconds % 10) µs"
    }
    let tenthsOfMilliseconds = tenthsOfMicroseconds / 1_000
    return "\(tenthsOfMilliseconds / 10).\(tenthsOfMilliseconds % 10) ms"
}

/// Builds a ``ResolutionTrace`` while a traced resolution runs (on the resolving thread only).
final class ResolutionTracer {
    final class OpenStep {
        let request: ServiceRequest
        let registration: RegistrationDescription
        let start: UInt64
        var children: [ResolutionTrace.Step] = []

        init(request: ServiceRequest, registration: RegistrationDescription, start: UInt64) {
            self.request = request
            self.registration = registration
            self.start = start
        }
    }

    private var open: [OpenStep] = []
    private(set) var steps: [ResolutionTrace.Step] = []

    func begin(request: ServiceRequest, registration: RegistrationDescription) -> OpenStep {
        let step = OpenStep(request: request, registration: registration, start: monotonicNanoseconds())
        open.append(step)
        return step
    }

    func end(_ step: OpenStep, outcome: ResolutionTrace.Outcome) {
        // The floor keeps a misbehaving clock from trapping.
        let now = monotonicNanoseconds()
        let duration = now >= step.start ? now - step.start : 0
        // Steps end in the reverse order they began (resolution is a call tree on one thread).
        if open.last === step { open.removeLast() }
        let finished = ResolutionTrace.Step(
            request: step.request, registration: step.registration, outcome: outcome, durationInNanoseconds: duration,
            children: step.children
        )
        if let parent = open.last {
            parent.children.append(finished)
        } else {
            steps.append(finished)
        }
    }
}
