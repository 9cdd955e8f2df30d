import Syringe
import SyringeTesting
import Testing

/// The app container the suites below derive from; no test may change it.
private let liveApp = makeCheckoutApp()

@Suite("The test-container trait: each test its own container, derived from the app's", .testContainer(from: liveApp))
struct ContainerTraitTests {
    @Test("each parallel test case registers its own mock and sees only its own", arguments: 0..<64)
    func parallelCasesAreIsolated(index: Int) async throws {
        let label = "case-\(index)"
        let test = Container.test
        test.register((any Gateway).self) { _ in MockGateway(label) }
        await Task.yield()
        // A shared container would by now hold another case's registration, or another case's Checkout.
        let checkout = try test.require(Checkout.self)
        await Task.yield()
        #expect(checkout.gateway.label == label)
        #expect(try Container.test.require((any Gateway).self).label == label)
        #expect(try test.require(Checkout.self) === checkout)
        #expect(try liveApp.require(Checkout.self).gateway.label == "real")
    }

    @Test("code under test asking Container.current gets the test's container, also from child tasks")
    func codeUnderTestSeesTheTestContainer() async {
        let test = Container.test
        #expect(Container.current === test)
        #expect(test.isDerived)
        let fromChild = await Task { Container.current }.value
        #expect(fromChild === test)
    }

    @Test(
        "an overriding trait adds the test's replacements on top of the suite's container",
        .overriding { c in
            c.register((any Gateway).self) { _ in MockGateway("overriding") }
            c.register(String.self) { _ in "overriding" }
        }
    )
    func overridingTrait() throws {
        #expect(try Container.test.require(Checkout.self).gateway.label == "overriding")
        #expect(try Container.test.require(String.self) == "overriding")
        #expect(try liveApp.require(Checkout.self).gateway.label == "real")
    }

    @Test("the app's singletons are never the test's")
    func singletonsAreTheTestsOwn() throws {
        #expect(try Container.test.require(Checkout.self) !== liveApp.require(Checkout.self))
    }
}

@Suite("The test-container trait applied to single tests")
struct SingleTestTraitTests {
    @Test(
        "a test's own trait derives from the named container with the given overrides",
        .testContainer(from: liveApp) { c in c.register((any Gateway).self) { _ in MockGateway("single") } }
    )
    func singleTest() throws {
        #expect(try Container.test.require(Checkout.self).gateway.label == "single")
    }

    @Test("without a trait, Container.test reports an issue saying how to fix it")
    func missingTrait() {
        withKnownIssue {
            _ = Container.test
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(".testContainer(from:)") }
        }
    }
}
