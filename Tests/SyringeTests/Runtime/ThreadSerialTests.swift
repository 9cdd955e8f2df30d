import Foundation
import Testing

@testable import Syringe

// `currentThreadSerial()` (Runtime/ThreadIdentity.swift) names a thread and no other, ever: threads started one
// after another, each joined before the next starts, often get the same `pthread_t` (what
// `currentThreadIdentity()` returns), but never the same serial. A re-injection watch remembers the main actor's
// thread by its serial, so a later thread is never taken for it.

private final class Recorded: @unchecked Sendable {
    // @unchecked Sendable: written by one thread, read after that thread is joined.
    var identity: UInt = 0
    var serial: UInt = 0
    var serialAgain: UInt = 0
}

extension RuntimeTests {
    @Suite("Runtime: a thread's serial is never another thread's")
    struct ThreadSerialTests {
        @Test("Threads started one after another never share a serial, even when they share a pthread_t")
        func serialsAreNeverReused() {
            var serials: Set<UInt> = [currentThreadSerial()]
            for _ in 0..<64 {
                let recorded = Recorded()
                JoinableThread {
                    recorded.identity = currentThreadIdentity()
                    recorded.serial = currentThreadSerial()
                    recorded.serialAgain = currentThreadSerial()
                }.join()
                #expect(recorded.serial != 0)
                #expect(recorded.serial == recorded.serialAgain)
                #expect(!serials.contains(recorded.serial))
                serials.insert(recorded.serial)
            }
            #expect(currentThreadSerial() == currentThreadSerial())
        }
    }
}
