import Syringe

// The services and keys the declared-key suites share. Every test makes its own containers: a key's default is
// registered in the root of the tree where it is first resolved, so tests never share one.

protocol KeyedAPI: Sendable {
    var label: String { get }
}

struct RealKeyedAPI: KeyedAPI {
    let session: KeyedSession
    var label: String { "real" }
}

struct MockKeyedAPI: KeyedAPI {
    var label: String
    init(_ label: String = "mock") { self.label = label }
}

final class KeyedSession: Sendable {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

struct KeyedDetail: Sendable {
    let id: Int
    let api: any KeyedAPI
}

final class KeyedCounter: Sendable {}

struct KeyedFailure: Error {}

extension ServiceKeys {
    static let keyedSession = Key<KeyedSession>(scope: .container) { _ in KeyedSession() }
    static let keyedAPI = Key<any KeyedAPI> { r in RealKeyedAPI(session: try r[.keyedSession]) }
    static let namedAPI = Key<any KeyedAPI>(name: "named") { _ in MockKeyedAPI("named default") }
    static let keyedDetail = Key<KeyedDetail>.WithArguments<Int> { r, id in
        KeyedDetail(id: id, api: try r[.keyedAPI])
    }
    static let keyedGreeting = Key<String>.WithArguments<String, Int>(name: "greeting") { _, name, age in
        "\(name), \(age)"
    }
    static let failingKey = Key<KeyedCounter> { _ in throw KeyedFailure() }
    static let needsUnregistered = Key<KeyedDetail> { r in
        KeyedDetail(id: try r.require(Int.self), api: MockKeyedAPI())
    }
    static let cycleA: Key<KeyedCycleA> = Key { r in KeyedCycleA(b: try r[.cycleB]) }
    static let cycleB: Key<KeyedCycleB> = Key { r in KeyedCycleB(a: try r[.cycleA]) }
}

final class KeyedCycleA: Sendable {
    let b: KeyedCycleB
    init(b: KeyedCycleB) { self.b = b }
}

final class KeyedCycleB: Sendable {
    let a: KeyedCycleA
    init(a: KeyedCycleA) { self.a = a }
}
