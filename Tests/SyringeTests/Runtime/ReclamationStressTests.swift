import Foundation
import Testing

@testable import Syringe

/// A service whose factory checks, while it runs, that the object its registration captured is still alive.
private final class Product: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class Bystander: Sendable {}

/// Lets the caller spin a little while it holds something, so that writers get to run meanwhile.
private func dawdle(_ rounds: Int) {
    for _ in 0..<rounds { sched_yield() }
}

extension RuntimeTests {
    @Suite("Epoch-based reclamation under stress")
    struct ReclamationStressTests {
        @Test("Objects retired while 8 threads read them are released exactly once, never while a reader holds one")
        func retiredObjectsOutliveTheirReaders() {
            let writers = 2
            let perWriter = 2_000
            let flags = ReleaseFlags(count: writers * perWriter + 1)
            let slot = PublishedSlot()
            _ = slot.replace(with: TrackedObject(serial: writers * perWriter, flags: flags))
            let problems = Problems()
            let reads = AtomicCounter(0)
            let writing = AtomicCounter(UInt(writers))
            JoinableThread.run(8 + writers) { index in
                if index < writers {
                    for round in 0..<perWriter {
                        let serial = index * perWriter + round
                        slot.retire(slot.replace(with: TrackedObject(serial: serial, flags: flags)))
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                let thread = ResolvingThread.current
                // Bounded: readers stop when the writers are done, or after a fixed number of reads.
                for round in 0..<20_000 where writing.load() != 0 || round < 100 {
                    thread.enterReading()
                    if let held = Unretained<TrackedObject>(bits: slot.word.load()) {
                        let serial = held.with { $0.serial }
                        if flags.releases(of: serial) != 0 { problems.report("object \(serial) was released when loaded") }
                        dawdle(round % 4)
                        // Still the same object, still not released, until the section ends.
                        if held.with({ $0.serial }) != serial || flags.releases(of: serial) != 0 {
                            problems.report("object \(serial) was released while a reader held it")
                        }
                        AtomicWord(in: reads, at: 0).add(1)
                    }
                    thread.leaveReading()
                }
            }
            slot.retire(slot.replace(with: nil))
            #expect(problems.count == 0, "\(problems.first)")
            #expect(reads.load() > 0)
            let wrong = flags.drained(writing: slot.reclaim)
            #expect(wrong.isEmpty, "objects not released exactly once: \(wrong.prefix(10)) …")
        }

        @Test("After waitForQuickReads returns, no quick read holds the unpublished object: the writer releases it at once")
        func quickReadsEndBeforeTheWriterReleases() {
            let writers = 2
            let perWriter = 1_000
            let flags = ReleaseFlags(count: writers * perWriter + 1)
            let slot = PublishedSlot()
            _ = slot.replace(with: TrackedObject(serial: writers * perWriter, flags: flags))
            let problems = Problems()
            let writing = AtomicCounter(UInt(writers))
            JoinableThread.run(8 + writers) { index in
                if index < writers {
                    for round in 0..<perWriter {
                        let serial = index * perWriter + round
                        // `replace` drops this writer's own reference before publishing: the word's is the only
                        // one, so the other writer's release of this object below is its last, too.
                        var old = slot.replace(with: TrackedObject(serial: serial, flags: flags))
                        Reclamation.waitForQuickReads()
                        let oldSerial = old?.serial
                        old = nil
                        // The word's reference was the last one: the release happened on this thread, just now.
                        if let oldSerial, flags.releases(of: oldSerial) != 1 {
                            problems.report("object \(oldSerial) released \(flags.releases(of: oldSerial)) times")
                        }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                let thread = ResolvingThread.current
                for round in 0..<20_000 where writing.load() != 0 || round < 100 {
                    if !thread.enterReadingWithQuickRead() { problems.report("the outermost section began no quick read") }
                    if let held = Unretained<TrackedObject>(bits: slot.word.load()) {
                        let serial = held.with { $0.serial }
                        if round % 8 == 0 { sched_yield() }
                        if held.with({ $0.serial }) != serial || flags.releases(of: serial) != 0 {
                            problems.report("object \(serial) was released during a quick read")
                        }
                    }
                    // After the quick read the object must not be used: the section goes on without it.
                    thread.endQuickRead()
                    thread.leaveReading()
                }
            }
            _ = slot.replace(with: nil)
            #expect(problems.count == 0, "\(problems.first)")
            #expect(flags.notReleasedOnce().isEmpty)
        }

        @Test("Registrations replaced while 8 threads resolve them are released once no resolve can still run their factory")
        func replacedRegistrationsOutliveTheirResolves() {
            let registrations = 1_000
            let flags = ReleaseFlags(count: registrations)
            let problems = Problems()
            let writing = AtomicCounter(1)
            do {
                let container = Container()
                @Sendable func register(_ serial: Int) {
                    let captured = TrackedObject(serial: serial, flags: flags)
                    container.register(Product.self) { _ in
                        // The factory runs with its registration read from the table without a retain: what
                        // the registration's closure captured must still be there.
                        if flags.releases(of: captured.serial) != 0 {
                            problems.report("registration \(captured.serial) was released while its factory ran")
                        }
                        return Product(serial: captured.serial)
                    }
                }
                register(0)
                JoinableThread.run(9) { index in
                    if index == 0 {
                        for serial in 1..<registrations {
                            register(serial)
                            if serial % 3 == 0 { container.register(Bystander.self) { _ in Bystander() } }
                        }
                        AtomicWord(in: writing, at: 0).subtract(1)
                        return
                    }
                    for round in 0..<20_000 where writing.load() != 0 || round < 100 {
                        guard let product = container.resolve(Product.self) else {
                            problems.report("a resolve found no registration")
                            continue
                        }
                        if !(0..<registrations).contains(product.serial) {
                            problems.report("a resolve returned the product \(product.serial)")
                        }
                    }
                }
                #expect(container.resolve(Product.self)?.serial == registrations - 1)
                // Every registration but the current one was let go of.
                // Once the readers stop, one more write releases the rest.
                #expect(flags.drained(below: registrations - 1) { container.register(Bystander.self) { _ in Bystander() } }.isEmpty)
                #expect(flags.releases(of: registrations - 1) == 0)
            }
            #expect(problems.count == 0, "\(problems.first)")
            // The container's release releases what it retired, whatever readers elsewhere do.
            #expect(flags.notReleasedOnce().isEmpty, "registrations not released exactly once after the container went away")
        }

        @Test("Threads that resolve and exit, many times, while others resolve and register, release their state and hold back no reclamation")
        func exitingThreadsReleaseTheirState() {
            let container = Container()
            container.register(Product.self) { _ in Product(serial: 0) }
            container.register(Bystander.self) { _ in Bystander() }.inObjectScope(.container)
            let states = Locked<[Weak<ResolvingThread>]>([])
            let slots = Locked<[Weak<ReaderSlot>]>([])
            let problems = Problems()
            let waves = 40
            let busy = AtomicCounter(1)
            let background = (0..<2).map { index in
                JoinableThread {
                    var round = 0
                    while busy.load() != 0 && round < 50_000 {
                        round += 1
                        if index == 0, round % 16 == 0 {
                            let serial = round
                            container.register(Product.self, name: "n\(round % 64)") { _ in Product(serial: serial) }
                        }
                        if container.resolve(Product.self) == nil { problems.report("no Product") }
                    }
                }
            }
            for _ in 0..<waves {
                JoinableThread.run(6) { _ in
                    for _ in 0..<5 {
                        if container.resolve(Product.self) == nil { problems.report("no Product") }
                        if container.resolve(Bystander.self) == nil { problems.report("no Bystander") }
                    }
                    let state = ResolvingThread.current
                    states.withLock { $0.append(Weak(state)) }
                    slots.withLock { $0.append(Weak(state.slot)) }
                }
            }
            AtomicWord(in: busy, at: 0).store(0)
            for thread in background { thread.join() }
            #expect(problems.count == 0, "\(problems.first)")
            let alive = states.withLock { $0.filter { $0.object != nil }.count }
            let registered = slots.withLock { $0.filter { $0.object != nil }.count }
            #expect(states.withLock { $0.count } == waves * 6)
            #expect(alive == 0, "\(alive) states of exited threads are alive")
            #expect(registered == 0, "\(registered) reader slots of exited threads are alive")
            #expect(Self.retiredDrain(of: container), "retired tables still wait after every reader is gone")
        }

        @Test("A thread that exits inside a reading section does not keep objects retired after it from being released")
        func exitingInsideAReadingSectionHoldsNothingBack() {
            let objects = 40
            let flags = ReleaseFlags(count: objects)
            let slot = PublishedSlot()
            let entered = AtomicCounter(0)
            let readers = (0..<4).map { _ in
                JoinableThread {
                    // Enters and never leaves: the thread ends inside its reading section.
                    ResolvingThread.current.enterReading()
                    AtomicWord(in: entered, at: 0).add(1)
                }
            }
            for reader in readers { reader.join() }
            #expect(entered.load() == 4)
            for serial in 0..<objects {
                slot.retire(slot.replace(with: TrackedObject(serial: serial, flags: flags)))
            }
            slot.retire(slot.replace(with: nil))
            #expect(flags.drained(writing: slot.reclaim).isEmpty, "a reader slot of an exited thread held back reclamation")
        }

        /// Whether `container` keeps no retired table once every reader is gone and it writes: writes a bounded number
        /// of times (a reader of another test may still be in a section for a moment).
        static func retiredDrain(of container: Container) -> Bool {
            for round in 0..<2_000 {
                container.register(Bystander.self, name: "drain") { _ in Bystander() }
                _ = container.resolve(Bystander.self, name: "drain")
                container.register(Bystander.self, name: "drain \(round)") { _ in Bystander() }
                if container.registry.withLock({ $0.retired.isEmpty }) { return true }
                usleep(1_000)
            }
            return false
        }
    }
}

/// A weak reference, to collect from threads.
struct Weak<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: only read after the thread that made it was joined.
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
