/// Whether each class asked about is disposable (see `DisposableClasses` in `LifecycleStore.swift`), decided by its
/// conformances once and for all, and kept for the whole process in a dictionary behind a lock.
///
/// The question is asked when an instance is disposed, not when it is made: a conformance check the runtime has not
/// answered before scans every conformance record of the process (~100,000 instructions and more, growing with the
/// binary). A creation only reads the answers kept (``knownAnswer(for:)``), so that a class known not to be
/// disposable is not recorded for disposal.
///
/// Invariant: an answer, once kept, never changes (class metadata lives as long as the process, and so do its
/// conformances); the question runs outside the lock.
enum ClassAnswers {
    private static let answers = Locked<[ObjectIdentifier: Bool]>([:])

    /// The kept answer for `type`, `nil` when it was never asked. Never asks the runtime.
    ///
    /// ```swift fragment
    /// if ClassAnswers.knownAnswer(for: type(of: instance)) == false { return }  // known not disposable
    /// ```
    static func knownAnswer(for type: AnyClass) -> Bool? {
        answers.withLock { $0[ObjectIdentifier(type)] }
    }

    /// The answer for `type`: the kept one, or `ask()`'s, then kept.
    ///
    /// ```swift fragment
    /// let disposable = ClassAnswers.answer(for: someClass) { someClass is any Disposing.Type }
    /// ```
    static func answer(for type: AnyClass, orAsk ask: () -> Bool) -> Bool {
        if let known = knownAnswer(for: type) { return known }
        // Two threads may both ask: the answers are the same.
        let asked = ask()
        answers.withLock { $0[ObjectIdentifier(type)] = asked }
        return asked
    }
}
