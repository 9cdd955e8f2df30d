import Syringe
import Testing

private final class Leaf: Sendable {}

private final class Branch: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

@Suite("verify() while other threads register")
struct ConcurrentVerificationTests {
    @Test("verify() never reports a registration made during it as missing; each report is of one moment")
    func verifyDuringRegistration() {
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.container)
        let failures = Collected<String>()
        let counts = Collected<Int>()
        let gate = StartGate(parties: 3)
        let finished = ThreadRunner.run(threads: 3) { index in
            gate.arriveAndWait()
            if index == 0 {
                for name in 0..<300 {
                    container.register(Branch.self, name: "branch-\(name)") { r in
                        Branch(leaf: try r.require(Leaf.self))
                    }
                }
            } else {
                for _ in 0..<20 {
                    do {
                        counts.append(try container.verify().verified.count)
                    } catch {
                        failures.append(String(describing: error))
                    }
                }
            }
        }
        #expect(finished)
        #expect(failures.all.isEmpty, "\(failures.all.first ?? "")")
        #expect(counts.all.count == 40)
        #expect(counts.all.allSatisfy { (1...301).contains($0) })
        #expect(((try? container.verify().verified.count) ?? 0) == 301)
    }
}
