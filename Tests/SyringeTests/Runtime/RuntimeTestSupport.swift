import Foundation
import Testing

@testable import Syringe

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Fixtures shared by the tests of the runtime (Sources/Syringe/Runtime/): a thread the test can join (so that its
// thread-local state is known to be released), flags that record releases outside the released objects, and a
// word a test publishes objects in.

/// The runtime's tests, one suite per concept (one file each), run one suite at a time: the stress tests load
/// both cores, and the reclamation tests look at process-wide state (``Reclamation``'s reader slots).
@Suite("Runtime", .serialized)
enum RuntimeTests {}

/// A POSIX thread the test joins: once ``join()`` returns the thread has exited, so its thread-specific
/// destructors have run (its ``ResolvingThread`` was released). A Foundation `Thread` cannot be joined.
struct JoinableThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let handle: pthread_t

    /// Starts a thread that runs `body` and exits.
    init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        let status = pthread_create(
            &handle, nil,
            { raw in
                let pointer: UnsafeMutableRawPointer? = raw
                Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        #if canImport(Darwin)
        self.handle = handle!
        #else
        self.handle = handle
        #endif
    }

    /// Waits until the thread has exited.
    func join() {
        let status = pthread_join(handle, nil)
        precondition(status == 0, "pthread_join failed: \(status)")
    }

    /// Starts `count` threads running `body(index)` together (they wait for each other before starting) and
    /// joins them all.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let gate = StartGate(parties: count)
        let threads = (0..<count).map { index in
            JoinableThread {
                gate.arriveAndWait()
                body(index)
            }
        }
        for thread in threads { thread.join() }
    }
}

/// One release counter per tracked object, kept outside the objects, so that a thread can ask whether an object was
/// released without touching its memory.
final class ReleaseFlags: Sendable {
    private let counters: [AtomicCounter]

    init(count: Int) {
        counters = (0..<count).map { _ in AtomicCounter(0) }
    }

    var count: Int { counters.count }

    /// Records one release of object `serial`.
    func release(_ serial: Int) {
        AtomicWord(in: counters[serial], at: 0).add(1)
    }

    /// How many times object `serial` was released (`UInt.max` for a serial no object has: a reader read garbage).
    func releases(of serial: Int) -> UInt {
        counters.indices.contains(serial) ? counters[serial].load() : .max
    }

    /// The serials whose objects were not released exactly once.
    func notReleasedOnce(below limit: Int? = nil) -> [Int] {
        (0..<(limit ?? count)).filter { releases(of: $0) != 1 }
    }

    /// Waits, a bounded number of rounds, for every object below `limit` to be released, calling `write` in between
    /// (a write releases what is retired and no reader holds; a reader of another test may still hold an epoch for
    /// a moment); returns the serials that were not released exactly once.
    func drained(below limit: Int? = nil, writing write: () -> Void) -> [Int] {
        for _ in 0..<2_000 {
            write()
            if notReleasedOnce(below: limit).isEmpty { return [] }
            usleep(1_000)
        }
        return notReleasedOnce(below: limit)
    }
}

/// An object whose release is recorded in a ``ReleaseFlags``.
final class TrackedObject: Sendable {
    let serial: Int
    let flags: ReleaseFlags

    init(serial: Int, flags: ReleaseFlags) {
        self.serial = serial
        self.flags = flags
    }

    deinit { flags.release(serial) }
}

/// A word a test publishes a ``TrackedObject`` in, as the runtime publishes tables and boxes: the word owns one
/// reference to the published object (0 when none is).
final class PublishedSlot: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the word, accessed only atomically after the initializer.
    let wordStorage = AtomicWordStorage(count: 1)
    var atomicWords: AtomicWords { wordStorage.words }

    init() {}

    deinit {
        Unretained<TrackedObject>.releaseRetainedBits(word.load())
        wordStorage.free()
    }

    var word: AtomicWord { AtomicWord(in: self, at: 0) }

    /// The objects this slot's writers retired, as a container keeps its retired tables.
    private let retired = Locked(RetiredObjects())

    /// Retires `old`, which ``replace(with:)`` unpublished, and releases, on this thread, what earlier retirements
    /// left that no reader holds any more: a container's write, done by hand.
    func retire(_ old: TrackedObject?) {
        let free = retired.withLock { retired -> [AnyObject]? in
            if let old { retired.add([old]) }
            return retired.takeReclaimable()
        }
        withExtendedLifetime(free) {}
    }

    /// A write that retires nothing: releases what no reader holds any more.
    func reclaim() { retire(nil) }

    /// How many retired objects wait.
    var waiting: Int { retired.withLock { $0.count } }

    /// Publishes `object` (or nothing) and returns the object it replaced, unpublished, with the word's reference.
    ///
    /// It takes the caller's reference and drops it before the object is published, so that from the publication on
    /// the word's reference is the object's only one (when the caller kept no other): whichever thread takes the
    /// object out of the word then holds its last reference, as a test that checks where an object is released
    /// needs. (A caller's temporary released only when this call returns would still hold the object while another
    /// writer unpublishes and releases it, which then is not the last release.)
    func replace(with object: consuming TrackedObject?) -> TrackedObject? {
        let bits = object.map { Unretained.retainedBits(of: $0) } ?? 0
        _ = consume object  // the caller's reference, released here: before the publication
        var current = word.load()
        while true {
            let (exchanged, original) = word.compareExchange(expected: current, desired: bits)
            if exchanged { return Unretained<TrackedObject>.takeRetainedBits(current) }
            current = original
        }
    }
}

/// Problems threads report, kept for the test's expectations (the first few in full, then only counted).
final class Problems: Sendable {
    private let state = Locked<(count: Int, first: [String])>((0, []))

    func report(_ problem: String) {
        state.withLock { state in
            state.count += 1
            if state.first.count < 10 { state.first.append(problem) }
        }
    }

    var count: Int { state.withLock { $0.count } }
    var first: [String] { state.withLock { $0.first } }
}

/// `value` as an `Any` that stores it as `Value` (an existential stays one, as the container's generic code stores it).
func storedAsAny<Value>(_ value: Value) -> Any { value }

/// The address an ``AtomicWord`` operates on (its one stored property, read by reflection).
func address(of word: AtomicWord) -> UInt? {
    Mirror(reflecting: word).children.first.flatMap { $0.value as? UnsafeMutablePointer<UInt> }.map {
        UInt(bitPattern: $0)
    }
}
