import Foundation

/// What a run noticed while one operation executed, for classifying a difference (never compared).
public enum Tag: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A factory read a `Lazy`/`Provider`'s `instance` while it ran; or a `Lazy`/`Provider` made in such a
    /// resolution (so in its object graph) was read later.
    case deferredReadInFactory
    /// A `Lazy`/`Provider` made before its kind was registered again (or its container emptied) was read.
    case staleDeferred
    /// A request named a `.container`/`.weak` registration that was still being made (its factory or its
    /// `initCompleted` was on the stack): a circular graph through `initCompleted` in a shared scope.
    case cycleInSharedScope
    /// The same, for a `.graph` registration.
    case cycleInGraphScope
    /// The same, for a `.transient` registration.
    case cycleInTransientScope
    /// A `.graph`, `.container` or `.weak` registration's factory ran again while it was already running
    /// (Swinject's Parent/Child pattern).
    case factoryReentered
    /// A `.transient` registration's factory ran while the same registration was still being made (its factory
    /// or its `initCompleted` on the stack): asked for again from an `initCompleted` of something below it.
    case transientReentered
    /// A factory recorded which container its resolver `r` is.
    case resolverInspected
    /// Earlier in the program a `.container` registration was replaced or removed after a `Lazy`/`Provider` of its
    /// key was made (in Swinject such a handle holds the registration, and so its instance).
    case replacedRegistrationHeldByDeferred
    /// Earlier in the program a `.container` registration whose instance was alive then was replaced (same key
    /// again in its container) or removed by `removeAll()`.
    case registrationReplaced
    /// A `.weak` registration's factory ran (so no instance of it was alive).
    case madeWeakInstance
    /// A factory ran whose registration an earlier `resetObjectScope(_:serviceType:)` reset in Syringe but not in
    /// Swinject (which does not go on to the parents from a container without a registration of the type).
    case typeResetStopsAtContainerWithoutType
    /// Earlier in the program such a reset left alone (in Swinject) registrations that had a live instance.
    case typeResetSkippedInstances

    public static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The state one run of one program shares with the factories it registers: object serial numbers, the stack of
/// registrations being made (to notice cycles), the tags of the current operation and the containers' identities.
///
/// One program runs on one thread, but factories are `@Sendable` in Syringe, so the state they capture must be
/// `Sendable`: every field is behind `lock`, and no closure is called while it is held.
public final class RunState: @unchecked Sendable {
    // @unchecked Sendable: all mutable state is in `fields`, read and written only inside `lock`.
    private struct Fields {
        var nextSerial = 0
        var frames: [Frame] = []
        var tags: Set<Tag> = []
        var generations: [ServiceKind: Int] = [:]
        var containers: [ObjectIdentifier] = []
        var operation = 0
        var watched: Set<Int> = []
        /// The keys `Lazy`/`Provider` handles were made for.
        var handleKeys: Set<Key> = []
        /// The latest instance each `.container` or `.weak` registration made, weakly.
        var instances: [Int: WeakReference] = [:]
    }

    final class WeakReference {
        weak var node: Node?
        init(_ node: Node) { self.node = node }
    }

    private struct Frame {
        enum Phase { case factory, initCompleted }
        let spec: RegistrationSpec
        let phase: Phase
    }

    private let lock = NSLock()
    private var fields = Fields()

    public init() {}

    private func withLock<T>(_ body: (inout Fields) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&fields)
    }

    // MARK: Made by factories

    /// What a factory of `spec` does: resolves its dependencies in order through `resolve` (the library's
    /// resolver `r`), then makes the object. `resolver` is the identity of `r` when it is a container.
    public func make(
        _ spec: RegistrationSpec, arguments: Arguments, resolver: ObjectIdentifier?,
        resolve: (Dependency) -> Link
    ) -> Node {
        withLock { fields in
            if spec.scope == .transient, fields.frames.contains(where: { $0.spec.id == spec.id }) {
                fields.tags.insert(.transientReentered)
            }
            if spec.scope != .transient,
                fields.frames.contains(where: { $0.spec.id == spec.id && $0.phase == .factory })
            {
                fields.tags.insert(.factoryReentered)
            }
            if spec.inspectsResolver { fields.tags.insert(.resolverInspected) }
            if fields.watched.contains(spec.id) { fields.tags.insert(.typeResetStopsAtContainerWithoutType) }
            if spec.scope == .weak { fields.tags.insert(.madeWeakInstance) }
            fields.frames.append(Frame(spec: spec, phase: .factory))
        }
        var links: [Link] = []
        for dependency in spec.dependencies {
            let resolvesNow = dependency.request.wrapper == .direct || dependency.readNow
            if resolvesNow { noteRequest(dependency.request) }
            if dependency.readNow, dependency.request.wrapper != .direct { tag(.deferredReadInFactory) }
            links.append(resolve(dependency))
        }
        return withLock { fields in
            fields.frames.removeLast()
            let label: String? =
                spec.inspectsResolver
                ? resolver.map { identity in
                    fields.containers.firstIndex(of: identity).map { "c\($0)" } ?? "another container"
                } ?? "not a container"
                : nil
            defer { fields.nextSerial += 1 }
            let node = spec.madeClass.init(
                serial: fields.nextSerial, registration: spec.id, arguments: arguments, resolverLabel: label,
                dependencies: links
            )
            if spec.scope.isShared { fields.instances[spec.id] = WeakReference(node) }
            return node
        }
    }

    /// What `initCompleted` of `spec` does: resolves its injections through `resolve` and sets them on `node`.
    public func complete(_ node: Node, _ spec: RegistrationSpec, resolve: (Request) -> Node?) {
        withLock { $0.frames.append(Frame(spec: spec, phase: .initCompleted)) }
        var injected: [Node?] = []
        for request in spec.injections {
            noteRequest(request)
            injected.append(resolve(request))
        }
        node.injected = injected
        withLock { _ = $0.frames.removeLast() }
    }

    private func noteRequest(_ request: Request) {
        withLock { fields in
            for frame in fields.frames where frame.spec.keys.contains(request.key) {
                switch frame.spec.scope {
                case .container, .weak: fields.tags.insert(.cycleInSharedScope)
                case .graph: fields.tags.insert(.cycleInGraphScope)
                case .transient: fields.tags.insert(.cycleInTransientScope)
                }
            }
        }
    }

    // MARK: Bookkeeping of the interpreter

    func tag(_ tag: Tag) {
        withLock { _ = $0.tags.insert(tag) }
    }

    /// The tags noticed since the last call.
    func takeTags() -> Set<Tag> {
        withLock { fields in
            defer { fields.tags = [] }
            return fields.tags
        }
    }

    func addContainer(_ identity: ObjectIdentifier) {
        withLock { $0.containers.append(identity) }
    }

    /// How often registrations of `kind` were replaced or removed so far.
    func generation(of kind: ServiceKind) -> Int {
        withLock { $0.generations[kind, default: 0] }
    }

    /// What a `Lazy`/`Provider` for `request` records when it is made: so a later read can tell whether its key
    /// changed in between, and whether the resolution that made it had factories read such handles.
    public func stamp(for request: Request) -> HandleStamp {
        withLock { fields in
            fields.handleKeys.insert(request.key)
            return HandleStamp(generation: fields.generations[request.kind, default: 0], operation: fields.operation)
        }
    }

    /// Whether the latest instance registration `id` (`.container` or `.weak`) made is still alive.
    func hasLiveInstance(_ id: Int) -> Bool {
        withLock { $0.instances[id]?.node != nil }
    }

    /// Whether a `Lazy`/`Provider` for `key` was made so far.
    func madeHandle(for key: Key) -> Bool {
        withLock { $0.handleKeys.contains(key) }
    }

    /// Registrations whose factories running is worth a tag (see `Tag.typeResetStopsAtContainerWithoutType`).
    func watch(_ registrations: Set<Int>) {
        withLock { $0.watched.formUnion(registrations) }
    }

    /// Tells the state which operation of the program runs now.
    func begin(operation: Int) {
        withLock { $0.operation = operation }
    }

    func advanceGeneration(of kind: ServiceKind) {
        withLock { $0.generations[kind, default: 0] += 1 }
    }
}

/// When a `Lazy`/`Provider` handle was made: the generation of its kind and the operation that made it.
public struct HandleStamp: Sendable, Hashable {
    let generation: Int
    let operation: Int
}
