import Syringe
import Testing

extension Container {
    /// A shared container in a stored static property, as Swinject apps declare one (in the Swift 6 language mode
    /// a `static let`; Swift 5 also accepts `static var`).
    fileprivate static let app: Container = {
        let container = Container()
        container.register(String.self, name: "title") { _ in "Syringe" }
        return container
    }()

    /// A helper method of the app's own on `Container`.
    fileprivate func title() -> String? {
        resolve(String.self, name: "title")
    }
}

@Suite("Drop-in: extensions of Container with stored static properties")
struct ContainerExtensionTests {
    @Test("a container kept in a static property of an extension resolves what it registered")
    func staticContainer() {
        #expect(Container.app.title() == "Syringe")
        #expect(Container.app === Container.app)
    }
}
