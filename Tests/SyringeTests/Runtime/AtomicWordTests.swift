import Testing

@testable import Syringe

/// A test-only owner of four atomic words, kept as the runtime's owners keep theirs.
private final class FourWords: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the words, accessed only atomically after the initializer.
    let wordStorage: AtomicWordStorage
    var atomicWords: AtomicWords { wordStorage.words }

    init(_ first: UInt = 0) {
        wordStorage = AtomicWordStorage(count: 4, first: first)
    }

    deinit { wordStorage.free() }

    func word(_ index: Int) -> AtomicWord { AtomicWord(in: self, at: index) }
}

private final class Service: Sendable {}

extension RuntimeTests {
    @Suite("Atomic words")
    struct AtomicWordTests {
        @Test("Eight threads adding, subtracting and compare-exchanging on shared words end with the exact totals")
        func concurrentUpdatesAreExact() {
            let owner = FourWords()
            let counter = AtomicCounter(0)
            let threads = 8
            let rounds = 5_000
            JoinableThread.run(threads) { _ in
                for _ in 0..<rounds {
                    owner.word(0).add(3)
                    owner.word(0).subtract(1)
                    // An increment by compare-exchange, retried with the value the failed exchange reported.
                    var seen = owner.word(1).load()
                    while true {
                        let (exchanged, original) = owner.word(1).compareExchange(expected: seen, desired: seen + 1)
                        if exchanged { break }
                        seen = original
                    }
                    AtomicWord(in: counter, at: 0).add(1)
                }
            }
            #expect(owner.word(0).load() == UInt(threads * rounds * 2))
            #expect(owner.word(1).load() == UInt(threads * rounds))
            #expect(counter.load() == UInt(threads * rounds))
            // The neighbours of the words written were not touched.
            #expect(owner.word(2).load() == 0)
            #expect(owner.word(3).load() == 0)
        }

        @Test("Compare-exchange stores only over the expected value and always returns the value the word held")
        func compareExchangeReturnsTheOriginal() {
            let owner = FourWords(0)
            let word = owner.word(0)
            let first = word.compareExchange(expected: 0, desired: 7)
            #expect(first.exchanged && first.original == 0)
            #expect(word.load() == 7)
            let second = word.compareExchange(expected: 3, desired: 9)
            #expect(!second.exchanged && second.original == 7)
            #expect(word.load() == 7)
            let third = word.compareExchange(expected: 7, desired: 7)
            #expect(third.exchanged && third.original == 7)
        }

        @Test("Add and subtract return the new value and wrap around")
        func addAndSubtractWrap() {
            let owner = FourWords(0)
            let word = owner.word(2)
            #expect(word.subtract(1) == UInt.max)
            #expect(word.add(2) == 1)
            word.store(5)
            #expect(word.loadAcquiring() == 5)
            word.storeReleasingAfterRetains(6)
            #expect(word.load() == 6)
            #expect(owner.word(1).load() == 0 && owner.word(3).load() == 0)
        }

        @Test("The process word is aligned, alone on its cache line, and keeps its address")
        func processWordIsAlone() throws {
            let epoch = try #require(address(of: AtomicWord(processWord: .reclamationEpoch)))
            #expect(epoch % 128 == 0)
            #expect(address(of: AtomicWord(processWord: .reclamationEpoch)) == epoch)
        }

        @Test("An owner's words are consecutive machine words of its own storage, the first set, the others 0")
        func ownerWordsAreConsecutive() throws {
            let owner = FourWords()
            let base = try #require(address(of: owner.word(0)))
            for index in 1..<4 {
                #expect(address(of: owner.word(index)) == base + UInt(index * MemoryLayout<UInt>.stride))
            }
            #expect(base == UInt(bitPattern: owner.atomicWords.base))
            let nine = FourWords(9)
            withExtendedLifetime(nine) { #expect(nine.word(0).load() == 9 && nine.word(3).load() == 0) }
            // Distinct owners have distinct words.
            #expect(address(of: FourWords().word(0)) != nil)
            #expect(address(of: AtomicCounter(1).atomicWord) != base)
        }

        @Test("Owners made on eight threads at once get words of their own, which outlive the threads that made them")
        func ownersFromManyThreadsGetWordsOfTheirOwn() {
            let threads = 8
            let perThread = 100  // 400 words a thread: several blocks each
            let made = Locked<[FourWords]>([])
            JoinableThread.run(threads) { thread in
                var mine: [FourWords] = []
                for index in 0..<perThread {
                    let owner = FourWords(UInt(thread * perThread + index + 1))
                    #expect(owner.word(1).load() == 0 && owner.word(2).load() == 0 && owner.word(3).load() == 0)
                    mine.append(owner)
                }
                made.withLock { $0 += mine }
            }
            // The threads have exited: their blocks live on in the owners.
            let owners = made.withLock { $0 }
            #expect(owners.count == threads * perThread)
            let addresses = Set(owners.flatMap { owner in (0..<4).compactMap { address(of: owner.word($0)) } })
            #expect(addresses.count == owners.count * 4)
            #expect(Set(owners.map { $0.word(0).load() }) == Set((1...UInt(owners.count)).map { $0 }))
            // Writing every word of one owner leaves every other owner's words as they were.
            for index in 0..<4 { owners[0].word(index).store(.max) }
            #expect(owners.dropFirst().allSatisfy { $0.word(1).load() == 0 && $0.word(3).load() == 0 })
        }

        @Test("A reader's announcement is alone on its cache line")
        func readerSlotIsAloneOnItsLine() throws {
            let slot = ReaderSlot()
            defer { Reclamation.unregister(slot) }
            let word = try #require(address(of: slot.announced))
            #expect(word % 128 == 0)
            #expect(slot.announced.load() == 0)
        }

        @Test("The atomic words of every owner type hold what they should")
        func everyOwnerTypePassesTheLayoutCheck() throws {
            // The reads below check from the outside that the computed words hold the owner's state.
            let counter = AtomicCounter(42)
            #expect(AtomicWord(in: counter, at: 0).load() == 42)
            counter.store(43)
            #expect(counter.atomicWord.load() == 43)

            let slot = ReaderSlot()
            #expect(slot.announced.load() == 0)
            #expect(AtomicWord(in: slot, at: 0).load() == 0)

            let container = Container()
            let entry = container.register(Service.self) { _ in Service() }.inObjectScope(.container)
            let registration: Registration = entry.registration
            #expect(registration.atomicWords.count == 3)
            // Word 0: the published configuration.
            #expect(AtomicWord(in: registration, at: 0).load() == registration.currentConfiguration.bits)
            #expect(registration.configuration.kind == .container)
            // Word 2: the kept instance's box, published once the singleton is made.
            #expect(AtomicWord(in: registration, at: 2).load() == 0)
            let service = try #require(container.resolve(Service.self))
            #expect(AtomicWord(in: registration, at: 1).load() != 0)
            let box = try #require(Unretained<PublishedInstance>(bits: AtomicWord(in: registration, at: 2).load()))
            #expect(box.with { $0.object } === service)
            container.resetObjectScope(.container)
            #expect(AtomicWord(in: registration, at: 2).load() == 0)

            // A registration with runtime arguments (another subclass of `RegistrationCore`), in a custom scope's
            // configuration of its own: word 0 owns that configuration.
            let withArguments = container.register(Service.self, name: "n") { (_: any Resolver, _: Int) in Service() }
                .inObjectScope(.transient)
                .initCompleted { _, _ in }
            let argumentRegistration: Registration = withArguments.registration
            #expect(argumentRegistration.shape == .arguments)
            #expect(AtomicWord(in: argumentRegistration, at: 0).load() == argumentRegistration.currentConfiguration.bits)
            #expect(argumentRegistration.configuration.completions.count == 1)
            #expect(container.resolve(Service.self, name: "n", argument: 1) != nil)

            // The registry store's words: the published table, 0 after a change until the next resolve builds one;
            // the injection state, 0 until first needed, then the one store for good; the registry's lock and state,
            // 0 until first needed (a derived container that registers nothing never makes them).
            let store = container.registry
            #expect(store.atomicWords.count == 3)
            #expect(AtomicWord(in: store, at: 2).load() != 0)
            let derived = container.derived()
            #expect(AtomicWord(in: derived.registry, at: 2).load() == 0)
            #expect(AtomicWord(in: derived.registry, at: 0).load() != 0)  // its empty first table
            #expect(derived.resolve(Service.self) != nil)
            #expect(AtomicWord(in: derived.registry, at: 2).load() == 0)
            derived.register(Int.self) { _ in 2 }
            let derivedState = AtomicWord(in: derived.registry, at: 2).load()
            #expect(derivedState != 0)
            #expect(derived.resolve(Int.self) == 2)
            #expect(AtomicWord(in: derived.registry, at: 2).load() == derivedState)
            let fresh = Container()
            fresh.register(Int.self) { _ in 1 }
            #expect(fresh.resolve(Int.self) == 1)
            #expect(AtomicWord(in: fresh.registry, at: 1).load() == 0)
            #expect(!fresh.hasInjectionWatches)
            #expect(AtomicWord(in: fresh.registry, at: 1).load() == 0)
            let injection = fresh.injection
            #expect(AtomicWord(in: fresh.registry, at: 1).load() == Unretained(injection).bits)
            #expect(fresh.injection === injection)
            // A table's word: the multi-injection lists, 0 until the first resolveAll reads the table.
            let table = store.retainedTable()
            #expect(table.atomicWords.count == 1)
            #expect(table.multiBindingsWord.load() == 0)
            _ = container.resolveAll(Service.self)
            #expect(store.retainedTable() === table)
            #expect(table.multiBindingsWord.load() != 0)
            _ = container.resolve(Service.self)
            let published = AtomicWord(in: store, at: 0).load()
            #expect(published != 0)
            let thread = ResolvingThread.current
            thread.enterReading()
            #expect(store.currentTable().bits == published)
            thread.leaveReading()
            container.register(Int.self) { _ in 1 }
            #expect(AtomicWord(in: store, at: 0).load() == 0)
            // A slot registers itself with `Reclamation`; a thread's state unregisters it when the thread exits.
            Reclamation.unregister(slot)
        }
    }
}

extension AtomicCounter {
    /// The counter's word, for the tests.
    fileprivate var atomicWord: AtomicWord { AtomicWord(in: self, at: 0) }
}
