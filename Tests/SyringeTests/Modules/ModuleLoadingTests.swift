import Syringe
import Testing

private protocol Storage: AnyObject {}
private final class DiskStorage: Storage {}
private final class MemoryStorage: Storage {}
private struct Broken: Error {}

/// Registers storage; logs its hooks.
private struct StorageModule: Assembly {
    let log: DisposalLog

    func assemble(container: Container) {
        log.append("assemble storage")
        container.register((any Storage).self) { _ in DiskStorage() }
        container.register(Resource.self, name: "db") { _ in Resource("db", log: log) }.inObjectScope(.container)
    }

    func loaded(resolver: any Resolver) {
        log.append("loaded storage")
    }

    func unload(resolver: any Resolver) {
        log.append("unload storage: db resolves \(resolver.resolve(Resource.self, name: "db") != nil)")
    }
}

/// Registers an eager singleton that depends on storage; forwards a type to a registration it did not make.
private struct SyncModule: Assembly {
    let log: DisposalLog
    let failing: Bool

    init(log: DisposalLog, failing: Bool = false) {
        self.log = log
        self.failing = failing
    }

    func assemble(container: Container) {
        log.append("assemble sync")
        let failing = failing
        container.register(Resource.self, name: "sync") { r in
            let database = r.resolve(Resource.self, name: "db")
            if failing { throw Broken() }
            log.append("made sync")
            return Resource("sync", log: log, dependency: database)
        }.inObjectScope(.container).eager()
    }

    func loaded(resolver: any Resolver) {
        log.append("loaded sync")
    }
}

@Suite("Loading and unloading modules")
struct ModuleLoadingTests {
    @Test("loading assembles every module, makes eager singletons, then calls loaded")
    func loadOrder() throws {
        let log = DisposalLog()
        let container = Container()

        try container.load(StorageModule(log: log), SyncModule(log: log))

        #expect(log.entries == ["assemble storage", "assemble sync", "made sync", "loaded storage", "loaded sync"])
        #expect(container.isLoaded(StorageModule.self))
        #expect(container.resolve((any Storage).self) is DiskStorage)
    }

    @Test("unloading calls the hook, removes the module's registrations and disposes its singletons")
    func unload() throws {
        let log = DisposalLog()
        let container = Container()
        try container.load(StorageModule(log: log), SyncModule(log: log))

        #expect(container.unload(StorageModule.self))

        #expect(log.entries.suffix(2) == ["unload storage: db resolves true", "db"])
        #expect(container.resolve((any Storage).self) == nil)
        #expect(container.resolve(Resource.self, name: "db") == nil)
        #expect(container.resolve(Resource.self, name: "sync") != nil)  // the other module stays
        #expect(!container.isLoaded(StorageModule.self))
        #expect(!container.unload(StorageModule.self))
    }

    @Test("a registration made later under the same key by someone else survives the unload")
    func laterRegistrationStays() throws {
        let log = DisposalLog()
        let container = Container()
        try container.load(StorageModule(log: log))
        container.register((any Storage).self) { _ in MemoryStorage() }  // the app overrides the module

        container.unload(StorageModule(log: log))

        #expect(container.resolve((any Storage).self) is MemoryStorage)
        #expect(container.resolve(Resource.self, name: "db") == nil)
    }

    @Test("unloading a module lets a parent's registration of the same key show through again")
    func moduleReplacedApp() throws {
        let log = DisposalLog()
        let parent = Container()
        parent.register((any Storage).self) { _ in MemoryStorage() }
        let container = Container(parent: parent)

        try container.load(StorageModule(log: log))
        #expect(container.resolve((any Storage).self) is DiskStorage)
        container.unload(StorageModule.self)

        #expect(container.resolve((any Storage).self) is MemoryStorage)  // the parent's shows through again
    }

    @Test("loading a module type that is loaded already is an error and changes nothing")
    func loadTwice() throws {
        let log = DisposalLog()
        let container = Container()
        try container.load(StorageModule(log: log))

        #expect(throws: ModuleError.self) { try container.load(StorageModule(log: log)) }
        #expect(throws: ModuleError.self) { try container.load(SyncModule(log: log), SyncModule(log: log)) }
        #expect(!container.isLoaded(SyncModule.self))
        #expect(log.entries == ["assemble storage", "loaded storage"])

        container.unload(StorageModule.self)
        try container.load(StorageModule(log: log))  // loadable again once unloaded
        #expect(container.resolve(Resource.self, name: "db") != nil)
    }

    @Test("a failing eager singleton undoes the load and throws the resolution error")
    func eagerFailure() throws {
        let log = DisposalLog()
        let container = Container()

        do {
            try container.load(StorageModule(log: log), SyncModule(log: log, failing: true))
            Issue.record("the load should have failed")
        } catch .eagerSingletonFailed(let error) {
            guard case .factoryFailed(let underlying) = error.kind else {
                Issue.record("expected a factory failure, got \(error)")
                return
            }
            #expect(underlying is Broken)
            #expect(error.request.name == "sync")
        } catch {
            Issue.record("unexpected \(error)")
        }

        #expect(!container.isLoaded(StorageModule.self))
        #expect(container.resolve((any Storage).self) == nil)
        #expect(!log.entries.contains("loaded storage"))
        #expect(log.entries.last == "db")  // made for the failed singleton, disposed by the undo
    }

    @Test("the modules' error messages say what to do")
    func messages() throws {
        let container = Container()
        try container.load(StorageModule(log: DisposalLog()))
        let error = #expect(throws: ModuleError.self) { try container.load(StorageModule(log: DisposalLog())) }
        #expect(error?.description.contains("StorageModule") == true)
        #expect(error?.description.contains("unload") == true)
    }

    @Test("forwarded types the module added to another's registration are removed; the registration stays")
    func forwardsToOthers() throws {
        let container = Container()
        let disk = container.register(DiskStorage.self) { _ in DiskStorage() }
        try container.load(ForwardingModule(entry: disk))
        #expect(container.resolve((any Storage).self, name: "fast") is DiskStorage)

        container.unload(ForwardingModule.self)

        #expect(container.resolve((any Storage).self, name: "fast") == nil)
        #expect(container.resolve(DiskStorage.self) != nil)
    }

    @Test("an Assembler applies modules Swinject's way and can unload them")
    func assembler() throws {
        let log = DisposalLog()
        let assembler = Assembler([StorageModule(log: log), SyncModule(log: log)])
        #expect(log.entries == ["assemble storage", "assemble sync", "made sync", "loaded storage", "loaded sync"])

        assembler.apply(assembly: StorageModule(log: log))  // Swinject re-applies without complaint
        #expect(assembler.unload(StorageModule.self))
        #expect(assembler.resolver.resolve((any Storage).self) == nil)

        #expect(throws: ModuleError.self) { try assembler.load([SyncModule(log: log)]) }
        assembler.shutdown()
        #expect(log.entries.last == "sync")
    }

    @Test("after an Assembler's failed eager singleton, the throwing API reports the resolution error")
    func assemblerEagerFailure() throws {
        let assembler = Assembler([StorageModule(log: DisposalLog()), SyncModule(log: DisposalLog(), failing: true)])
        let container = try #require(assembler.resolver as? Container)

        let error = #expect(throws: ResolutionError.self) { try container.startEagerSingletons() }
        #expect(error?.request.name == "sync")
        #expect(container.resolve((any Storage).self) is DiskStorage)  // the rest loaded
    }
}

/// Forwards a type to a registration made outside the module.
private struct ForwardingModule: Assembly {
    let entry: ServiceEntry<DiskStorage>

    func assemble(container: Container) {
        container.forward((any Storage).self, name: "fast", to: entry)
    }
}
