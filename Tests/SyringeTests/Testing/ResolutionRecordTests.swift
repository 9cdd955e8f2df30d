import Syringe
import SyringeTesting
import Testing

@Suite("Recording what a test resolved: which services, how many times, from which registration")
struct ResolutionRecordTests {
    @Test("every request is recorded in order, nested ones included, with the registration that answered")
    func recordsNestedRequests() throws {
        let app = makeCheckoutApp()
        let mockLine: UInt = #line + 1
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        let record = try test.recordResolutions { c in
            _ = try c.require(Checkout.self)
            _ = try c.require(Checkout.self)  // the recording container's singleton, reused
        }
        #expect(record.resolutions.map(\.request.description) == ["Checkout", "Gateway", "Checkout"])
        #expect(record.count(of: Checkout.self) == 2)
        #expect(record.count(of: (any Gateway).self) == 1)
        #expect(record.resolved((any Gateway).self))
        #expect(!record.resolved(String.self))
        let gateway = try #require(record.registrations(of: (any Gateway).self).first)
        #expect(gateway.fileID == #fileID)
        #expect(gateway.line == mockLine)
        #expect(record.registrations(of: Checkout.self).first?.scope == "container")
        #expect(record.registrations(of: Checkout.self).first?.fileID == "SyringeTests/IsolationFixtures.swift")
    }

    @Test("code under test resolving through Container.current is recorded, from child tasks too")
    func recordsCodeUnderTest() async {
        let app = makeCheckoutApp()
        let record = await app.recordResolutions { _ in
            _ = Container.current?.resolve(Checkout.self)
            _ = await Task { Container.current?.resolve((any Gateway).self) }.value
        }
        #expect(record.count(of: Checkout.self) == 1)
        #expect(record.count(of: (any Gateway).self) == 2)
        #expect(Container.current == nil)
    }

    @Test("a failed resolve is recorded up to the failure; the recording changes nothing in the app")
    func failedAndUnchanged() throws {
        let app = makeCheckoutApp()
        let appCheckout = try app.require(Checkout.self)
        let record = app.recordResolutions { c in
            _ = c.resolve(Checkout.self, name: "missing")
            _ = c.resolve(Checkout.self)
        }
        #expect(record.count(of: Checkout.self) == 1)
        #expect(try app.require(Checkout.self) === appCheckout)
    }

    @Test("recordings in parallel tasks each see only their own resolutions")
    func parallelRecordings() async {
        let app = makeCheckoutApp()
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let record = app.recordResolutions { c in
                        for _ in 0...index { _ = c.resolve((any Gateway).self) }
                    }
                    return record.count(of: (any Gateway).self) == index + 1 && record.resolutions.count == index + 1
                }
            }
            for await isolated in group { #expect(isolated) }
        }
    }
}
