/// A value set from any thread, for fixtures that record what a closure saw.
final class TestBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = TestLock()
    private var stored: Value?

    func set(_ value: Value) { lock.run { stored = value } }
    var value: Value? { lock.run { stored } }
}
