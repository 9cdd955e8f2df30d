import Syringe
import SyringeTesting
import Testing

@Suite("Placeholders: registrations that fail the test when resolved")
struct PlaceholderTests {
    @Test("a resolved placeholder records an issue naming the service and the resolution path, then fails the resolve")
    func failureIsReported() {
        let test = makeCheckoutApp().derived { c in c.registerPlaceholder((any Gateway).self) }
        withKnownIssue {
            #expect(test.resolve(Checkout.self) == nil)
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.contains("Gateway is a placeholder")
                    && comment.rawValue.contains("Checkout -> Gateway")
            }
        }
    }

    @Test("require throws a ResolutionError whose underlying error is PlaceholderResolved, with the path")
    func requireThrows() {
        let test = makeCheckoutApp().derived { c in c.registerPlaceholder((any Gateway).self) }
        withKnownIssue {
            do throws(ResolutionError) {
                _ = try test.require(Checkout.self)
                Issue.record("the placeholder's resolve did not fail")
            } catch {
                guard case .factoryFailed(let underlying) = error.kind,
                    let placeholder = underlying as? PlaceholderResolved
                else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(placeholder.path.map(\.description) == ["Checkout", "Gateway"])
                #expect(placeholder.request == ServiceRequest(serviceType: (any Gateway).self))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("is a placeholder") }
        }
    }

    @Test("a placeholder with a value records the failure and lets the caller go on with the value")
    func returningValue() {
        let test = makeCheckoutApp().derived { c in
            c.registerPlaceholder((any Gateway).self, returning: MockGateway("placeholder"))
        }
        withKnownIssue {
            #expect(test.resolve(Checkout.self)?.gateway.label == "placeholder")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the placeholder's value was returned") }
        }
    }

    @Test("a placeholder nothing resolves records nothing")
    func unresolvedPlaceholder() {
        let test = makeCheckoutApp().derived { c in c.registerPlaceholder(String.self, name: "unused") }
        #expect(test.resolve(Checkout.self)?.gateway.label == "real")
    }
}
