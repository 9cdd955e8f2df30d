/// Whether each class is disposable (see `DisposableClasses`), kept for the whole process behind a lock.
///
/// Invariant: an answer, once kept, never changes (a class's conformances live as long as the process); the
/// question runs outside the lock.
enum ClassAnswers {
    private static let answers = Locked<[ObjectIdentifier: Bool]>([:])

    /// The kept answer for `type`, `nil` when it was never asked. Never asks the runtime.
    static func knownAnswer(for type: AnyClass) -> Bool? {
        answers.withLock { $0[ObjectIdentifier(type)] }
    }

    /// The answer for `type`: the kept one, or `ask()`'s, then kept.
    static func answer(for type: AnyClass, orAsk ask: () -> Bool) -> Bool {
        if let known = knownAnswer(for: type) { return known }
        // Two threads may both ask: the answers are the same.
        let asked = ask()
        answers.withLock { $0[ObjectIdentifier(type)] = asked }
        return asked
    }
}
