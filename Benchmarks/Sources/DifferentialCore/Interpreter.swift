// Runs a program on one library and records its trace. The interpreter is shared; a library only says how to
// make a container, register, resolve, reset and empty one (`Library`), so both runs differ in nothing else.

import Foundation

/// One library's side of the differential test: the container calls, with everything else left to the
/// interpreter. A registration's factory calls `state.make(…)` and its `initCompleted` calls `state.complete(…)`,
/// each resolving through the library's resolver `r`.
public protocol Library {
    associatedtype ContainerReference: AnyObject

    /// The name traces and reports use.
    static var name: String { get }

    /// A runner for one program; `state` is what its factories share with the interpreter.
    init(state: RunState)

    func makeContainer(parent: ContainerReference?) -> ContainerReference
    func register(_ spec: RegistrationSpec, in container: ContainerReference)
    /// A top-level resolve: the service (`.object`) or a `Lazy`/`Provider` handle (`.deferred`).
    func resolve(_ request: Request, in container: ContainerReference) -> Link
    func removeAll(in container: ContainerReference)
    func resetObjectScope(_ scope: Scope, in container: ContainerReference)
    func resetObjectScope(_ scope: Scope, serviceType: ServiceKind, in container: ContainerReference)
}

private final class WeakNode {
    weak var node: Node?
    init(_ node: Node) { self.node = node }
}

/// Runs `program` on library `L` and returns what it observed. `progress`, when given, follows the run from
/// another thread (see `RunProgress`).
public func run<L: Library>(_ program: Program, on _: L.Type, progress: RunProgress? = nil) -> Trace {
    var interpreter = Interpreter<L>(program: program, progress: progress)
    interpreter.run()
    progress?.finish()
    return Trace(library: L.name, events: interpreter.events)
}

/// How far a run has come: the operation it is performing and the events it recorded so far, readable from
/// another thread while the run is stuck inside a library call (a watchdog's view).
public final class RunProgress: @unchecked Sendable {
    // @unchecked Sendable: `operation` and `events` are read and written only inside `lock`.
    private let lock = NSLock()
    private var operation: Int?
    private var events: [Event] = []
    private var finished = false

    public init() {}

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
    }

    func begin(_ index: Int) {
        lock.lock()
        defer { lock.unlock() }
        operation = index
    }

    func record(_ event: Event) {
        lock.lock()
        defer { lock.unlock() }
        events.append(event)
    }

    /// The operation being performed (nil before the first), the events recorded so far, and whether the run
    /// has finished.
    public var snapshot: (operation: Int?, events: [Event], finished: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (operation, events, finished)
    }
}

private struct Interpreter<L: Library> {
    let program: Program
    let state = RunState()
    let library: L
    var containers: [L.ContainerReference] = []
    /// The registrations of each container itself, by key (what `resetObjectScope(_:serviceType:)` and the tags
    /// see).
    var ownSpecs: [[Key: RegistrationSpec]] = []
    var parents: [Int?] = []
    var slots: [Link?] = []
    var released: [(object: WeakNode, number: Int)] = []
    var describer = ObjectDescriber()
    /// Tags that hold from the operation that set them to the end of the program.
    var lasting: Set<Tag> = []
    /// The operations during which a factory read a `Lazy`/`Provider`.
    var readInFactory: Set<Int> = []
    var events: [Event] = []
    let progress: RunProgress?

    init(program: Program, progress: RunProgress?) {
        self.program = program
        self.progress = progress
        self.library = L(state: state)
    }

    mutating func run() {
        addContainer(parent: nil)
        for (index, operation) in program.operations.enumerated() {
            state.begin(operation: index)
            progress?.begin(index)
            perform(operation, at: index)
        }
    }

    private mutating func addContainer(parent: Int?) {
        let container = library.makeContainer(parent: parent.map { containers[$0] })
        state.addContainer(ObjectIdentifier(container))
        containers.append(container)
        ownSpecs.append([:])
        parents.append(parent)
    }

    private mutating func record(_ index: Int, _ kind: Event.Kind, _ text: String) {
        let tags = state.takeTags()
        if tags.contains(.deferredReadInFactory) { readInFactory.insert(index) }
        let event = Event(operation: index, kind: kind, text: text, tags: tags.union(lasting))
        events.append(event)
        progress?.record(event)
    }

    private mutating func perform(_ operation: Operation, at index: Int) {
        switch operation {
        case .makeChild(let parent):
            addContainer(parent: parent)

        case .register(let spec):
            for key in spec.keys where ownSpecs.contains(where: { $0[key] != nil }) {
                state.advanceGeneration(of: key.kind)
            }
            for key in spec.keys {
                if let replaced = ownSpecs[spec.container][key] { noteRemoval(of: replaced) }
                ownSpecs[spec.container][key] = spec
            }
            library.register(spec, in: containers[spec.container])

        case .resolve(let container, let request):
            let slot = slots.count
            let link = library.resolve(request, in: containers[container])
            slots.append(link)
            record(index, .resolve, "s\(slot) = c\(container).\(request.call) → " + describer.describe(link))

        case .read(let slot, let choice):
            let target = slots.count
            let handle = deferredHandle(in: slot, choice: choice)
            guard let handle else {
                slots.append(nil)
                record(index, .read, "s\(target) = s\(slot): no Lazy or Provider to read")
                return
            }
            if state.generation(of: handle.request.kind) != handle.stamp.generation { state.tag(.staleDeferred) }
            if readInFactory.contains(handle.stamp.operation) { state.tag(.deferredReadInFactory) }
            let node = handle.read()
            slots.append(.object(node))
            let name = handle.wrapper == .lazy ? "Lazy" : "Provider"
            record(index, .read, "s\(target) = s\(slot) \(name) .instance → " + describer.describe(node))

        case .drop(let slot):
            guard slots.indices.contains(slot) else { return }
            if case .object(let node?) = slots[slot] {
                let number = describer.numbering.number(ofSerial: node.serial)
                released.append((WeakNode(node), number))
            }
            slots[slot] = nil

        case .checkAlive(let which):
            guard released.indices.contains(which) else { return }
            let (object, number) = released[which]
            let alive = object.node != nil
            record(index, .alive(alive), "released #\(number) is \(alive ? "alive" : "gone")")

        case .resetScope(let container, let scope):
            library.resetObjectScope(scope, in: containers[container])

        case .resetScopeOfType(let container, let scope, let kind):
            let kept = registrationsSwinjectKeeps(from: container, scope: scope, kind: kind)
            if kept.contains(where: state.hasLiveInstance) { lasting.insert(.typeResetSkippedInstances) }
            state.watch(kept)
            library.resetObjectScope(scope, serviceType: kind, in: containers[container])

        case .removeAll(let container):
            for spec in ownSpecs[container].values { noteRemoval(of: spec) }
            ownSpecs[container] = [:]
            for kind in ServiceKind.allCases { state.advanceGeneration(of: kind) }
            library.removeAll(in: containers[container])
        }
    }

    /// Sets the lasting tags a replaced or removed registration calls for (only a `.container` registration with
    /// a live instance has one to keep alive).
    private mutating func noteRemoval(of spec: RegistrationSpec) {
        guard spec.scope == .container, state.hasLiveInstance(spec.id) else { return }
        lasting.insert(.registrationReplaced)
        if spec.keys.contains(where: state.madeHandle(for:)) { lasting.insert(.replacedRegistrationHeldByDeferred) }
    }

    /// The `Lazy`/`Provider` an operation reads: the one in the slot, or one among the dependencies of the
    /// object in the slot.
    private func deferredHandle(in slot: Int, choice: Int) -> DeferredHandle? {
        guard slots.indices.contains(slot), let link = slots[slot] else { return nil }
        switch link {
        case .deferred(_, let handle, _):
            return handle
        case .object(let node):
            let handles = (node?.dependencies ?? []).compactMap { link -> DeferredHandle? in
                if case .deferred(_, let handle?, _) = link { return handle }
                return nil
            }
            return handles.isEmpty ? nil : handles[choice % handles.count]
        }
    }

    /// The registrations whose instances Swinject's `resetObjectScope(_:serviceType:)` from `container` leaves
    /// alone although they are of the type and the scope: it goes on to the parent only from a container that has
    /// a registration of the type, so everything above the first container without one is left.
    private func registrationsSwinjectKeeps(from container: Int, scope: Scope, kind: ServiceKind) -> Set<Int> {
        var current = container
        while ownSpecs[current].keys.contains(where: { $0.kind == kind }) {
            guard let parent = parents[current] else { return [] }  // it reaches every container
            current = parent
        }
        // Swinject stops at `current`; Syringe goes on to its ancestors.
        var kept: Set<Int> = []
        var above = parents[current]
        while let index = above {
            for (key, spec) in ownSpecs[index] where key.kind == kind && spec.scope == scope { kept.insert(spec.id) }
            above = parents[index]
        }
        return kept
    }
}
