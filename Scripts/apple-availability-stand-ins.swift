// Stand-ins for what the files Scripts/apple-availability.sh leaves out declare (its `excluded` list), so that the
// rest of Sources/Syringe type-checks for Apple platforms. Never compiled into anything: only type-checked, with
// the library. Delete this file when that list is emptied (after the runtime moves onto Sources/CSyringeRuntime).
struct AtomicWord: ~Copyable, Sendable {
    init(_ value: UInt) {}
    func load() -> UInt { 0 }
    func loadAcquiring() -> UInt { 0 }
    func store(_ value: UInt) {}
    func storeReleasing(_ value: UInt) {}
    func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) { (true, 0) }
    func add(_ delta: UInt) -> UInt { 0 }
    func subtract(_ delta: UInt) -> UInt { 0 }
}
final class ConditionLock: @unchecked Sendable {
    init() {}
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result { try body() }
    func wait() {}
    func broadcast() {}
}
final class LockedBuffer<State>: ManagedBuffer<State, UInt> {}
struct Locked<State>: @unchecked Sendable {
    init(_ initialState: consuming State) {}
    init(making makeState: () -> State) {}
    func retainedBits() -> UInt { 0 }
    init(borrowingBits bits: UInt) {}
    static func releaseRetainedBits(_ bits: UInt) {}
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result { fatalError() }
}
enum Reclamation {
    static var hasPending: Bool { false }
    static func announcement(quick: Bool) -> UInt { 0 }
    static func waitForQuickReads() {}
    static func retire(_ object: AnyObject) {}
    static func reclaim() {}
    static func register(_ slot: ReaderSlot) {}
    static func unregister(_ slot: ReaderSlot) {}
}
final class ReaderSlot: Sendable {
    let announced = AtomicWord(0)
}
enum StackLimit {
    static func current() -> UInt { 0 }
    static func margin(forStackOfSize size: UInt) -> UInt { 0 }
}
func currentStackAddress() -> UInt { 0 }
func currentThreadIdentity() -> UInt { 0 }
final class ResolvingThread {
    let slot = ReaderSlot()
    private(set) var activeContext: Unmanaged<ResolutionContext>?
    func activate(_ context: ResolutionContext) -> Unmanaged<ResolutionContext>? { nil }
    func deactivate(restoring previous: Unmanaged<ResolutionContext>?) {}
    func activeContext(of container: Container) -> Unmanaged<ResolutionContext>? { nil }
    static var current: ResolvingThread { fatalError() }
    static var installed: Unmanaged<ResolvingThread>? { nil }
    static func makeCurrent() -> ResolvingThread { fatalError() }
    func enterReading() {}
    func enterReadingWithQuickRead() -> Bool { false }
    var isInQuickRead: Bool { false }
    func endQuickRead() {}
    func leaveReading() {}
    func takeContext(for container: Container) -> ResolutionContext { fatalError() }
    func recycle(_ context: ResolutionContext) {}
}
extension Container {
    public typealias LoggingFunction = @Sendable (String) -> Void
    public static var loggingFunction: LoggingFunction? {
        get { nil }
        set {}
    }
    @usableFromInline
    @inline(never)
    static func log(_ error: ResolutionError) {}
}
