import Foundation
import Syringe
import Testing

/// One link of a chain of distinct registrations: "link-0" needs "link-1", which needs "link-2", and so on.
private final class Link: @unchecked Sendable {
    // @unchecked Sendable: `next` is set once, in `init`, and never changed.
    let next: Link?

    init(next: Link?) {
        self.next = next
    }

    var length: Int {
        var count = 0
        var link: Link? = self
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }

    /// Releases the chain link by link, so a long chain is not freed by a deep recursion of deinitializers.
    func dismantle() {
        var link = next
        while let current = link, isKnownUniquelyReferenced(&link) {
            link = current.next
        }
    }
}

/// A container with a chain of `depth` distinct registrations; `closingAt`, if given, makes the last link
/// need that link again (a cycle).
private func chainContainer(depth: Int, closingAt: Int? = nil) -> Container {
    let container = Container()
    for index in 0..<depth {
        container.register(Link.self, name: "link-\(index)") { r in
            if index + 1 < depth { return Link(next: try r.require(Link.self, name: "link-\(index + 1)")) }
            if let closingAt { return Link(next: try r.require(Link.self, name: "link-\(closingAt)")) }
            return Link(next: nil)
        }.inObjectScope(.transient)
    }
    return container
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
private func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T? {
    let box = ThreadResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value
}

@Suite("Deep resolutions")
struct DeepResolutionTests {
    @Test("a chain deeper than a 512 KiB stack holds fails with stackExhausted instead of crashing")
    func smallStackExhausted() {
        let depth = 20_000
        let container = chainContainer(depth: depth)
        let outcome = onThread(stackSize: 512 * 1024) { () -> String in
            let result = Result { () throws(ResolutionError) in try container.require(Link.self, name: "link-0") }
            switch result {
            case .success(let link):
                link.dismantle()
                return "resolved"
            case .failure(let error):
                guard case .stackExhausted(let reached) = error.kind else { return "other error: \(error.kind)" }
                #expect(reached > 1 && reached < depth)
                #expect(error.path.count == reached)
                #expect(error.path.first == ServiceRequest(serviceType: Link.self, name: "link-0"))
                #expect(error.request == ServiceRequest(serviceType: Link.self, name: "link-\(reached - 1)"))
                #expect(error.registration?.request == error.request)
                #expect(
                    error.description.contains("reached depth \(reached) and the thread's stack has no room for more"))
                return "stackExhausted"
            }
        }
        #expect(outcome == "stackExhausted")
    }

    @Test("the optional resolve of a chain too deep for the stack returns nil and logs why")
    func smallStackOptional() {
        let container = chainContainer(depth: 20_000)
        let messages = loggingSinkLock.run { () -> [String] in
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            let collected = Collected<String>()
            Container.loggingFunction = { collected.append($0) }
            let resolved = onThread(stackSize: 512 * 1024) { () -> Bool in
                container.resolve(Link.self, name: "link-0") != nil
            }
            #expect(resolved == false)
            return collected.all
        }
        // Other suites run in parallel and may log through the same sink: only this chain's messages count.
        let mine = messages.filter { $0.hasPrefix(#"Syringe: cannot resolve Link(name: "link-0")"#) }
        #expect(mine.count == 1)
        #expect(mine.first?.contains("the thread's stack has no room for more") == true)
    }

    @Test("after a stack exhaustion the thread resolves normally again")
    func recoversAfterExhaustion() {
        let container = chainContainer(depth: 20_000)
        let lengths = onThread(stackSize: 512 * 1024) { () -> [Int] in
            var lengths: [Int] = []
            for _ in 0..<2 {
                lengths.append((try? container.require(Link.self, name: "link-0"))?.length ?? -1)
                let short = try? container.require(Link.self, name: "link-19990")
                lengths.append(short?.length ?? -1)
            }
            return lengths
        }
        #expect(lengths == [-1, 10, -1, 10])
    }

    @Test("a chain of 1,000 distinct registrations resolves on the test's own thread, unoptimized")
    func thousandLevels() throws {
        let container = chainContainer(depth: 1_000)
        let link = try container.require(Link.self, name: "link-0")
        defer { link.dismantle() }
        #expect(link.length == 1_000)
    }

    @Test("a cycle that closes many levels down is reported with every step of it")
    func deepCycle() {
        let container = chainContainer(depth: 300, closingAt: 100)
        let outcome = onThread(stackSize: 8 << 20) { () -> [ServiceRequest]? in
            let result = Result { () throws(ResolutionError) in try container.require(Link.self, name: "link-0") }
            guard case .failure(let error) = result else { return nil }
            guard case .circularDependency(let cycle) = error.kind else { return [] }
            return cycle
        }
        let expected =
            (100..<300).map { ServiceRequest(serviceType: Link.self, name: "link-\($0)") }
            + [ServiceRequest(serviceType: Link.self, name: "link-100")]
        #expect(outcome == expected)
    }
}
