extension Container {
    /// The logging function a container starts with: assign it to ``loggingFunction`` to go back to the default
    /// after installing your own.
    ///
    /// It writes each message to standard error at once, unbuffered: in debug builds always, in release builds
    /// when the environment variable `SYRINGE_LOGGING_ENABLED` or `SWINJECT_LOGGING_ENABLED` is `1`.
    ///
    /// ```swift
    /// Container.loggingFunction = { message in logger.warning("\(message)") }
    /// // …
    /// Container.loggingFunction = Container.defaultLoggingFunction
    /// ```
    public static var defaultLoggingFunction: LoggingFunction { printIfEnabled }

    /// Whether the default ``loggingFunction`` writes every message without an environment variable asking:
    /// in debug builds, so that a failed optional `resolve` always leaves a trace while developing. Release
    /// builds keep Swinject's silence unless asked.
    static var tracesByDefault: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Writes `message` and a newline to standard error at once, in one write: a line never interleaves with what
    /// another stream piped to the same place writes meanwhile (a test runner's results, for example).
    static func writeTrace(_ message: String) {
        ProcessEnvironment.writeToStandardError(message + "\n")
    }
}
