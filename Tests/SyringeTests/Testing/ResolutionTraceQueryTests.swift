import Syringe
import SyringeTesting
import Testing

@Suite("Assertions on what a test resolved, built on the resolution trace")
struct ResolutionTraceQueryTests {
    @Test("the trace tells which services were resolved, how many times, made or reused, and from which registration")
    func queries() throws {
        let app = makeCheckoutApp()
        let mockLine: UInt = #line + 1
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        _ = try test.require(Checkout.self)
        app.register(Pair.self) { r in
            Pair(first: r.resolve((any Gateway).self)!, second: r.resolve((any Gateway).self)!)
        }
        let traced = test.trace(Pair.self)
        let trace = traced.trace
        #expect(try traced.get().first.label == "mock")
        #expect(trace.allSteps.map(\.request.description) == ["Pair", "Gateway", "Gateway"])
        #expect(trace.count(of: (any Gateway).self) == 2)
        #expect(trace.creations(of: (any Gateway).self) == 1)  // graph scope: the second is reused
        #expect(trace.resolved(Pair.self))
        #expect(!trace.resolved(Checkout.self))
        let registrations = trace.registrations(of: (any Gateway).self)
        #expect(registrations.count == 1)
        #expect(registrations.first?.fileID == #fileID)
        #expect(registrations.first?.line == mockLine)

        let checkout = test.trace(Checkout.self).trace
        #expect(checkout.count(of: Checkout.self) == 1)
        #expect(checkout.creations(of: Checkout.self) == 0)  // the test's singleton, made above, reused
        #expect(checkout.steps(resolving: Checkout.self).first?.registration.scope == "container")
    }
}

private struct Pair {
    let first: any Gateway
    let second: any Gateway
}
