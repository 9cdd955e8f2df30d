import Testing

@testable import Syringe

// When a container decides whether a kept instance is disposable (Lifecycle/LifecycleStore.swift): not when it is
// made, which runs at launch and would scan every conformance record of the process per new class, but when it is
// disposed. The disposals themselves are the other suites' (DisposalTests, DisposableKindsTests): the same, in order.

/// Classes no other test makes, so that the process has never asked about them.
private final class NeverAskedPlain {}
private final class NeverAskedDisposable: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `log` is a `let` of a Sendable type.
    let log: DisposalLog
    init(log: DisposalLog) { self.log = log }
    func dispose() { log.append("disposed") }
}
private final class DroppedPlain {}
private final class DroppedDependency {}
private final class DroppedService {
    let dependency: DroppedDependency
    init(_ dependency: DroppedDependency) { self.dependency = dependency }
}
private final class NeverAskedAsync: AsyncDisposable {
    func dispose() async {}
}

@Suite("Whether an instance is disposable is decided when it is disposed")
struct DisposalDecisionTests {
    @Test("making a shared instance of a class never asked about does not ask; its disposal does, once per class")
    func creationDoesNotAsk() {
        let log = DisposalLog()
        let container = Container()
        container.register(NeverAskedPlain.self) { _ in NeverAskedPlain() }.inObjectScope(.container)
        container.register(NeverAskedDisposable.self) { _ in NeverAskedDisposable(log: log) }.inObjectScope(.container)
        container.register(NeverAskedAsync.self) { _ in NeverAskedAsync() }.inObjectScope(.weak)
        let kept = (container.resolve(NeverAskedPlain.self), container.resolve(NeverAskedDisposable.self))
        let async = container.resolve(NeverAskedAsync.self)
        #expect(kept.0 != nil && kept.1 != nil && async != nil)
        #expect(ClassAnswers.knownAnswer(for: NeverAskedPlain.self) == nil)
        #expect(ClassAnswers.knownAnswer(for: NeverAskedDisposable.self) == nil)
        #expect(ClassAnswers.knownAnswer(for: NeverAskedAsync.self) == nil)
        container.shutdown()
        #expect(log.entries == ["disposed"])
        #expect(ClassAnswers.knownAnswer(for: NeverAskedPlain.self) == false)
        #expect(ClassAnswers.knownAnswer(for: NeverAskedDisposable.self) == true)
        #expect(ClassAnswers.knownAnswer(for: NeverAskedAsync.self) == true)
        withExtendedLifetime(async) {}
    }

    @Test("a class already answered is decided when made, and disposed the same, newest first, through a derived container")
    func answeredClassesAreDecidedAtCreation() {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self, name: "first") { _ in Resource("first", log: log) }.inObjectScope(.container)
        app.register(Resource.self, name: "second") { r in
            Resource("second", log: log, dependency: r.resolve(Resource.self, name: "first"))
        }.inObjectScope(.container)
        for round in 0..<3 {
            let test = app.derived()
            _ = test.resolve(Resource.self, name: "second")
            test.shutdown()
            #expect(ClassAnswers.knownAnswer(for: Resource.self) == true, "round \(round)")
        }
        #expect(log.entries == Array(repeating: ["second", "first"], count: 3).flatMap { $0 })
    }

    @Test("a per-test container dropped without shutdown() leaves the classes it made answered, for the next one")
    func droppedContainersTeach() {
        let app = Container()
        app.register(DroppedDependency.self) { _ in DroppedDependency() }.inObjectScope(.container)
        app.register(DroppedService.self) { r in DroppedService(r.resolve(DroppedDependency.self)!) }
            .inObjectScope(.container)
        do {
            let test = app.derived()
            #expect(test.resolve(DroppedService.self) != nil)
            #expect(ClassAnswers.knownAnswer(for: DroppedService.self) == nil)
        }
        #expect(ClassAnswers.knownAnswer(for: DroppedService.self) == false)
        #expect(ClassAnswers.knownAnswer(for: DroppedDependency.self) == false)
        do {
            let plain = Container()
            plain.register(DroppedPlain.self) { _ in DroppedPlain() }.inObjectScope(.container)
            _ = plain.resolve(DroppedPlain.self)
        }
        #expect(ClassAnswers.knownAnswer(for: DroppedPlain.self) == false)
    }
}
