import Foundation
import Testing

@testable import Syringe

private final class Outer: Sendable {}
private final class Inner: Sendable {}

/// What a factory saw of its thread's state, recorded from the thread that ran it.
private final class Sightings: Sendable {
    private let state = Locked<[String: ObjectIdentifier?]>([:])

    func record(_ label: String, _ identifier: ObjectIdentifier?) {
        state.withLock { $0[label] = .some(identifier) }
    }

    subscript(label: String) -> ObjectIdentifier?? { state.withLock { $0[label] } }
}

/// The identity of the resolution running on the calling thread, if any.
private func activeIdentifier() -> ObjectIdentifier? {
    ResolvingThread.installed?.with { $0.activeContext?.identifier }
}

/// Runs `body` on a new thread and waits until that thread has exited.
private func onNewThread(_ body: @escaping @Sendable () -> Void) {
    let thread = JoinableThread(body)
    thread.join()
}

extension RuntimeTests {
    @Suite("A thread's resolution state")
    struct ResolvingThreadTests {
        @Test("Reading sections nest: the announcement is 0 outside, one even non-zero word inside, 0 again after")
        func readingSectionsNest() {
            let problems = Problems()
            onNewThread {
                let thread = ResolvingThread.current
                let word = thread.slot.announced
                if word.load() != 0 { problems.report("announced \(word.load()) before reading") }
                thread.enterReading()
                let outer = word.load()
                if outer == 0 || outer & 1 != 0 { problems.report("announced \(outer) in a reading section") }
                thread.enterReading()
                if word.load() != outer { problems.report("a nested section announced \(word.load()), not \(outer)") }
                if thread.enterReadingWithQuickRead() { problems.report("a nested section began a quick read") }
                if word.load() != outer || thread.isInQuickRead {
                    problems.report("a nested quick read changed the announcement to \(word.load())")
                }
                thread.leaveReading()
                thread.leaveReading()
                if word.load() != outer { problems.report("the outer section's announcement changed") }
                thread.leaveReading()
                if word.load() != 0 { problems.report("announced \(word.load()) after the outermost section") }
            }
            #expect(problems.count == 0, "\(problems.first)")
        }

        @Test("A quick read sets the low bit of the announcement only until it ends; the section goes on after it")
        func quickReadSetsTheLowBit() {
            let problems = Problems()
            onNewThread {
                let thread = ResolvingThread.current
                let word = thread.slot.announced
                if !thread.enterReadingWithQuickRead() { problems.report("the outermost section began no quick read") }
                let quick = word.load()
                if quick & 1 != 1 || !thread.isInQuickRead { problems.report("a quick read announced \(quick)") }
                // A section nested in the quick read leaves it as it is.
                thread.enterReading()
                if word.load() != quick { problems.report("a nested section changed a quick read's announcement") }
                thread.leaveReading()
                if word.load() != quick || !thread.isInQuickRead { problems.report("leaving a nested section ended the quick read") }
                thread.endQuickRead()
                if word.load() != quick & ~1 || word.load() == 0 || thread.isInQuickRead {
                    problems.report("after endQuickRead the announcement is \(word.load()), not \(quick & ~1)")
                }
                // Ending it again changes nothing.
                thread.endQuickRead()
                if word.load() != quick & ~1 { problems.report("a second endQuickRead changed the announcement") }
                thread.leaveReading()
                if word.load() != 0 || thread.isInQuickRead { problems.report("announced \(word.load()) after the section") }

                // A quick read not ended explicitly ends with its section.
                if !thread.enterReadingWithQuickRead() { problems.report("the second section began no quick read") }
                thread.leaveReading()
                if word.load() != 0 || thread.isInQuickRead { problems.report("leaving did not end the quick read") }
                // The next plain section announces no quick read.
                thread.enterReading()
                if word.load() & 1 != 0 || thread.isInQuickRead { problems.report("a plain section announced a quick read") }
                thread.leaveReading()
            }
            #expect(problems.count == 0, "\(problems.first)")
        }

        @Test("withResolution makes its context the active one and restores the one before, however deeply nested")
        func withResolutionRestoresThePreviousContext() {
            let problems = Problems()
            onNewThread {
                let first = Container()
                let second = Container()
                let thread = ResolvingThread.current
                thread.enterReading()
                defer { thread.leaveReading() }
                let installed = ResolvingThread.installed!
                if thread.activeContext != nil { problems.report("a context is active before any resolution") }
                installed.withResolution(of: first, registry: RegistryView(of: first), graph: nil) { outer in
                    if !(thread.activeContext?.refers(to: outer) ?? false) { problems.report("the outer context is not active") }
                    if thread.activeContext(of: first) == nil { problems.report("no active context for its container") }
                    if thread.activeContext(of: second) != nil { problems.report("an active context for another container") }
                    installed.withResolution(of: second, registry: RegistryView(of: second), graph: nil) { inner in
                        if inner === outer { problems.report("a nested resolution reused the running context") }
                        if !(thread.activeContext?.refers(to: inner) ?? false) { problems.report("the inner context is not active") }
                    }
                    if !(thread.activeContext?.refers(to: outer) ?? false) {
                        problems.report("the outer context was not restored after the nested resolution")
                    }
                }
                if thread.activeContext != nil { problems.report("a context is still active after the resolution") }
            }
            #expect(problems.count == 0, "\(problems.first)")
        }

        @Test("A factory resolving from another container runs in a context of its own; its caller's is active again after")
        func nestedResolvesFromAnotherContainerRestoreTheContext() {
            let sightings = Sightings()
            let inner = Container()
            inner.register(Inner.self) { _ in
                sightings.record("inner", activeIdentifier())
                return Inner()
            }
            let outer = Container()
            outer.register(Outer.self) { _ in
                sightings.record("before", activeIdentifier())
                _ = inner.resolve(Inner.self)
                sightings.record("after", activeIdentifier())
                return Outer()
            }
            onNewThread {
                _ = outer.resolve(Outer.self)
                sightings.record("outside", activeIdentifier())
            }
            let before = sightings["before"].flatMap { $0 }
            #expect(before != nil)
            #expect(sightings["after"].flatMap { $0 } == before)
            #expect(sightings["inner"].flatMap { $0 } != nil)
            #expect(sightings["inner"].flatMap { $0 } != before)
            #expect(sightings["outside"] == .some(nil))
        }

        @Test("A factory's resolve from its own container joins the running resolution: the same active context")
        func nestedResolvesFromTheSameContainerJoin() {
            let sightings = Sightings()
            let container = Container()
            container.register(Inner.self) { _ in
                sightings.record("inner", activeIdentifier())
                return Inner()
            }
            container.register(Outer.self) { [unowned container] resolver in
                sightings.record("outer", activeIdentifier())
                _ = resolver.resolve(Inner.self)
                _ = container.resolve(Inner.self)
                return Outer()
            }
            onNewThread { _ = container.resolve(Outer.self) }
            let outer = sightings["outer"].flatMap { $0 }
            #expect(outer != nil)
            #expect(sightings["inner"].flatMap { $0 } == outer)
        }

        @Test("A thread keeps one state and one pooled context across its resolves, and releases both when it exits")
        func stateIsReusedAndReleasedAtExit() {
            let sightings = Sightings()
            let container = Container()
            let serial = Locked(0)
            container.register(Outer.self) { _ in
                let call = serial.withLock { count in
                    count += 1
                    return count
                }
                sightings.record("context \(call)", activeIdentifier())
                return Outer()
            }
            weak var state: ResolvingThread?
            weak var slot: ReaderSlot?
            let states = Locked<[ObjectIdentifier]>([])
            let held = Locked<(ResolvingThread?, ReaderSlot?)>((nil, nil))
            onNewThread {
                for _ in 0..<3 {
                    _ = container.resolve(Outer.self)
                    if let installed = ResolvingThread.installed {
                        states.withLock { $0.append(installed.identifier) }
                    }
                }
                let current = ResolvingThread.current
                held.withLock { $0 = (current, current.slot) }
            }
            // Taken weakly here: the thread's own references are gone with it.
            held.withLock { pair in
                state = pair.0
                slot = pair.1
                pair = (nil, nil)
            }
            let identifiers = states.withLock { $0 }
            #expect(identifiers.count == 3)
            #expect(Set(identifiers).count == 1)
            let contexts = (1...3).map { sightings["context \($0)"].flatMap { $0 } }
            #expect(contexts.allSatisfy { $0 != nil })
            #expect(Set(contexts).count == 1, "the pooled context was not reused: \(contexts)")
            #expect(state == nil, "the exited thread's ResolvingThread is still alive")
            #expect(slot == nil, "the exited thread's reader slot is still registered")
        }
    }
}
