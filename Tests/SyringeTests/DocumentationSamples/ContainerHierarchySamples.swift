import Syringe
import Testing

/// The samples of Documentation/ContainerHierarchy.md.
@Suite("Documentation: container hierarchy")
struct ContainerHierarchySamples {
    protocol Theme {
        var name: String { get }
    }

    struct Light: Theme {
        let name = "light"
    }

    struct Dark: Theme {
        let name = "dark"
    }

    final class Settings {
        let theme: any Theme
        init(theme: any Theme) { self.theme = theme }
    }

    final class Database {}

    @Test("a child resolves what its parent registers")
    func childSeesParent() {
        let app = Container()
        app.register((any Theme).self) { _ in Light() }
        let feature = Container(parent: app)

        #expect(feature.resolve((any Theme).self)?.name == "light")
        #expect(feature.hasAnyRegistration(of: (any Theme).self))
    }

    @Test("a parent's factory resolved from a child gets the child's registrations first")
    func childFirst() {
        let app = Container()
        app.register((any Theme).self) { _ in Light() }
        app.register(Settings.self) { r in Settings(theme: r.resolve((any Theme).self)!) }

        let nightMode = Container(parent: app)
        nightMode.register((any Theme).self) { _ in Dark() }

        #expect(nightMode.resolve(Settings.self)?.theme.name == "dark")
        #expect(app.resolve(Settings.self)?.theme.name == "light")
    }

    @Test("a child never changes its parent")
    func parentUnchanged() {
        let app = Container()
        app.register((any Theme).self) { _ in Light() }
        let feature = Container(parent: app)
        feature.register((any Theme).self) { _ in Dark() }
        feature.register(Database.self) { _ in Database() }

        #expect(app.resolve((any Theme).self)?.name == "light")
        #expect(app.resolve(Database.self) == nil)

        feature.removeAll()
        #expect(feature.resolve((any Theme).self)?.name == "light")
    }

    @Test("a singleton registered in the parent is shared with its children")
    func sharedSingleton() {
        let app = Container()
        app.register(Database.self) { _ in Database() }.inObjectScope(.container)
        let first = Container(parent: app)
        let second = Container(parent: app)

        let database = app.resolve(Database.self)
        #expect(first.resolve(Database.self) === database)
        #expect(second.resolve(Database.self) === database)
    }

    @Test("a singleton registered in a child belongs to that child")
    func childSingleton() {
        let app = Container()
        let first = Container(parent: app)
        let second = Container(parent: app)
        for child in [first, second] {
            child.register(Database.self) { _ in Database() }.inObjectScope(.container)
        }

        #expect(first.resolve(Database.self) === first.resolve(Database.self))
        #expect(first.resolve(Database.self) !== second.resolve(Database.self))
    }

    @Test("resetObjectScope on a child resets its ancestors too")
    func resetReachesParent() {
        let app = Container()
        app.register(Database.self) { _ in Database() }.inObjectScope(.container)
        let feature = Container(parent: app)

        let database = feature.resolve(Database.self)
        feature.resetObjectScope(.container)
        #expect(app.resolve(Database.self) !== database)
    }

    @Test("resetting one service type reaches the ancestors only from a child that registers the type")
    func resetOfOneTypeFromAChild() {
        let app = Container()
        app.register(Database.self) { _ in Database() }.inObjectScope(.container)
        let feature = Container(parent: app)

        let database = feature.resolve(Database.self)
        feature.resetObjectScope(.container, serviceType: Database.self)
        #expect(app.resolve(Database.self) === database)  // feature registers no Database

        feature.register(Database.self, name: "cache") { _ in Database() }
        feature.resetObjectScope(.container, serviceType: Database.self)
        #expect(app.resolve(Database.self) !== database)
    }
}
