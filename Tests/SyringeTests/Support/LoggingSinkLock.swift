/// Held by every test that replaces the process-wide `Container.loggingFunction`, in whatever suite: suites
/// run in parallel, and two tests swapping the sink at once would each lose messages to the other's sink.
///
/// ```swift
/// loggingSinkLock.run {
///     let saved = Container.loggingFunction
///     defer { Container.loggingFunction = saved }
///     Container.loggingFunction = { messages.append($0) }
///     // …
/// }
/// ```
let loggingSinkLock = TestLock()
