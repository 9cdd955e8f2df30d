import Syringe
import Testing

/// An option as a Swinject extension declares one (SwinjectStoryboard's has the storyboard's name in it).
private struct StoryboardOption: ServiceKeyOption {
    let storyboard: String

    func isEqualTo(_ another: any ServiceKeyOption) -> Bool {
        guard let another = another as? StoryboardOption else { return false }
        return storyboard == another.storyboard
    }

    func hash(into hasher: inout Hasher) { hasher.combine(storyboard) }

    var description: String { "storyboard \(storyboard)" }
}

/// Another option type with the same stored value: never the same option as a `StoryboardOption`.
private struct NibOption: ServiceKeyOption {
    let storyboard: String

    func isEqualTo(_ another: any ServiceKeyOption) -> Bool {
        (another as? NibOption)?.storyboard == storyboard
    }

    func hash(into hasher: inout Hasher) { hasher.combine(storyboard) }

    var description: String { "nib \(storyboard)" }
}

private final class API: Sendable {}

/// A controller the extension creates itself and hands to the factory for its dependencies.
private final class ProfileController: @unchecked Sendable {
    // @unchecked Sendable: set once by the factory, before the test reads it, on one thread.
    var api: API?
    let title: String
    init(title: String) { self.title = title }
}

/// What an extension such as SwinjectStoryboard does: register an initialization of a controller it makes, under
/// an option, and resolve it by handing the controller in through the invoker.
private func registerController(in container: Container, option: StoryboardOption, name: String? = nil) {
    container._register(
        ProfileController.self,
        factory: { (r: any Resolver, controller: ProfileController) in
            controller.api = r.resolve(API.self)
            return controller
        },
        name: name,
        option: option)
}

private func instantiate(
    from container: Container, option: any ServiceKeyOption, name: String? = nil, title: String = "profile"
) -> ProfileController? {
    // The arguments as one tuple, as SwinjectStoryboard passes them.
    container._resolve(name: name, option: option) { (factory: ((any Resolver, ProfileController)) -> Any) in
        factory((container, ProfileController(title: title)))
    }
}

// Serialized: one test reads the messages logged about `ProfileController` while it runs, and others log such
// messages on purpose (their resolves fail); run at once, that test once read another's message.
@Suite("Drop-in: ServiceKeyOption, _register and _resolve, as Swinject extensions use them", .serialized)
struct ServiceKeyOptionTests {
    @Test("a registration under an option is resolved with an equal option, its factory given the invoker's arguments")
    func resolvesWithAnEqualOption() throws {
        let container = Container()
        let api = API()
        container.register(API.self) { _ in api }
        registerController(in: container, option: StoryboardOption(storyboard: "Main"))
        let controller = try #require(instantiate(from: container, option: StoryboardOption(storyboard: "Main")))
        #expect(controller.title == "profile")
        #expect(controller.api === api)
    }

    @Test("another option, an option of another type, or no option does not find it")
    func otherOptionsDoNotMatch() {
        let container = Container()
        container.register(API.self) { _ in API() }
        registerController(in: container, option: StoryboardOption(storyboard: "Main"))
        #expect(instantiate(from: container, option: StoryboardOption(storyboard: "Settings")) == nil)
        #expect(instantiate(from: container, option: NibOption(storyboard: "Main")) == nil)
        #expect(container.resolve(ProfileController.self) == nil)
    }

    @Test("a name and an option together make the key: each pair has its own registration")
    func nameAndOptionTogether() throws {
        let container = Container()
        let option = StoryboardOption(storyboard: "Main")
        container._register(ProfileController.self, factory: { (_: any Resolver, c: ProfileController) in c }, name: "a", option: option)
        container._register(
            ProfileController.self,
            factory: { (_: any Resolver, c: ProfileController) in ProfileController(title: "b:" + c.title) }, name: "b",
            option: option)
        #expect(try #require(instantiate(from: container, option: option, name: "a")).title == "profile")
        #expect(try #require(instantiate(from: container, option: option, name: "b")).title == "b:profile")
        #expect(instantiate(from: container, option: option) == nil)
    }

    @Test("registering again under an equal option replaces the registration, as Swinject does")
    func registeringAgainReplaces() throws {
        let container = Container()
        container._register(ProfileController.self, factory: { (_: any Resolver, c: ProfileController) in c }, option: StoryboardOption(storyboard: "Main"))
        container._register(
            ProfileController.self,
            factory: { (_: any Resolver, _: ProfileController) in ProfileController(title: "second") },
            option: StoryboardOption(storyboard: "Main"))
        #expect(try #require(instantiate(from: container, option: StoryboardOption(storyboard: "Main"))).title == "second")
    }

    @Test("a factory taking only a resolver, without an option, is an ordinary registration both ways")
    func resolverOnlyWithoutOptionIsOrdinary() throws {
        let container = Container()
        container._register(API.self, factory: { (_: any Resolver) in API() })
        #expect(container.resolve(API.self) != nil)
        container.register(Int.self) { _ in 42 }
        let number: Int? = container._resolve(name: nil, option: nil) { (factory: (any Resolver) -> Any) in factory(container) }
        #expect(number == 42)
    }

    @Test("the entry _register returns configures the registration: a container-scoped one is made once")
    func entryConfiguresTheRegistration() throws {
        let container = Container()
        let option = StoryboardOption(storyboard: "Main")
        container._register(API.self, factory: { (_: any Resolver) in API() }, option: option).inObjectScope(.container)
        let first: API? = container._resolve(name: nil, option: option) { (factory: (any Resolver) -> Any) in factory(container) }
        let second: API? = container._resolve(name: nil, option: option) { (factory: (any Resolver) -> Any) in factory(container) }
        #expect(first != nil && first === second)
    }

    @Test("a factory that returns another type fails the resolve (nil, and a message naming both types), not a crash")
    func wrongResultIsReported() {
        let container = Container()
        let option = StoryboardOption(storyboard: "Main")
        container._register(MisregisteredAPI.self, factory: { (_: any Resolver) in "not an API" }, option: option)
        var resolved: MisregisteredAPI?
        let messages = loggedMessages(containing: "MisregisteredAPI") {
            resolved = container._resolve(name: nil, option: option) { (factory: (any Resolver) -> Any) in
                factory(container)
            }
        }
        #expect(resolved == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("returned String, which is not MisregisteredAPI") == true)
    }

    @Test("a failed resolve's message names the option it asked with, after the name")
    func messagesNameTheOption() {
        let container = Container()
        registerController(in: container, option: StoryboardOption(storyboard: "Main"), name: "profile")
        var resolved: ProfileController?
        let messages = loggedMessages(containing: "ProfileController") {
            resolved = instantiate(from: container, option: StoryboardOption(storyboard: "Settings"), name: "profile")
        }
        #expect(resolved == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("profile\u{1F}option #") == true)
        #expect(messages.first?.contains(": storyboard Settings") == true)
    }

    @Test("an add-on that finishes objects made elsewhere (SwinjectStoryboard's shape) injects them through the option")
    func addOnFinishesObjects() {
        let container = Container()
        let api = API()
        container.register(API.self) { _ in api }
        container.registerConstruction(ProfileController.self) { r, controller in controller.api = r.resolve(API.self) }
        let controller = ProfileController(title: "made by a storyboard")
        container.finishConstruction(of: controller)
        #expect(controller.api === api)
        // Another type's construction is not this one.
        let other = OtherController()
        container.finishConstruction(of: other)
        #expect(other.api == nil)
    }
}

private final class MisregisteredAPI: Sendable {}

private final class OtherController: @unchecked Sendable {
    // @unchecked Sendable: never written.
    var api: API?
}
