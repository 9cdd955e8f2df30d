import Syringe
import Testing

private protocol Store: AnyObject {}
private final class MemoryStore: Store {}
private final class Repository {
    let store: any Store
    init(store: any Store) { self.store = store }
}

private final class LoadLog: @unchecked Sendable {
    // @unchecked Sendable: `entries` is guarded by `lock`.
    private let lock = TestLock()
    private var storage: [String] = []
    func append(_ entry: String) { lock.run { storage.append(entry) } }
    var entries: [String] { lock.run { storage } }
}

private struct StoreAssembly: Assembly {
    let log: LoadLog
    func assemble(container: Container) {
        log.append("assemble store")
        container.register((any Store).self) { _ in MemoryStore() }.inObjectScope(.container)
    }
    func loaded(resolver: any Resolver) {
        log.append("loaded store: \(resolver.resolve(Repository.self) != nil)")
    }
}

private struct RepositoryAssembly: Assembly {
    let log: LoadLog
    func assemble(container: Container) {
        log.append("assemble repository")
        container.register(Repository.self) { r in Repository(store: r.resolve((any Store).self)!) }
    }
}

@Suite("Assemblies and the Assembler")
struct AssemblyTests {
    @Test("All assemblies assemble before any is told it was loaded")
    func assembleThenLoaded() {
        let log = LoadLog()
        let assembler = Assembler([StoreAssembly(log: log), RepositoryAssembly(log: log)])
        #expect(log.entries == ["assemble store", "assemble repository", "loaded store: true"])
        #expect(assembler.resolver.resolve(Repository.self) != nil)
    }

    @Test("apply adds assemblies later")
    func applyLater() {
        let log = LoadLog()
        let assembler = Assembler()
        assembler.apply(assembly: StoreAssembly(log: log))
        #expect(assembler.resolver.resolve(Repository.self) == nil)
        assembler.apply(assemblies: [RepositoryAssembly(log: log)])
        #expect(assembler.resolver.resolve(Repository.self) != nil)
    }

    @Test("A child assembler resolves through its parent")
    func childAssembler() {
        let log = LoadLog()
        let parent = Assembler([StoreAssembly(log: log)])
        let child = Assembler([RepositoryAssembly(log: log)], parent: parent)
        let repository = child.resolver.resolve(Repository.self)
        #expect(repository?.store === parent.resolver.resolve((any Store).self))
        #expect(parent.resolver.resolve(Repository.self) == nil)
        let empty = Assembler(parentAssembler: parent, defaultObjectScope: .container)
        #expect(empty.resolver.resolve((any Store).self) === repository?.store)
    }

    @Test("An assembler over a given container registers into it")
    func givenContainer() {
        let container = Container()
        _ = Assembler([StoreAssembly(log: LoadLog())], container: container)
        #expect(container.resolve((any Store).self) != nil)
        let second = Assembler(container: container)
        #expect(second.resolver.resolve((any Store).self) === container.resolve((any Store).self))
    }

    @Test("Swinject's deprecated throwing initializers still work")
    @available(*, deprecated)
    func deprecatedInitializers() throws {
        let log = LoadLog()
        let parent = try Assembler(assemblies: [StoreAssembly(log: log)])
        let child = try Assembler(assemblies: [RepositoryAssembly(log: log)], parentAssembler: parent)
        #expect(child.resolver.resolve(Repository.self) != nil)
    }
}
