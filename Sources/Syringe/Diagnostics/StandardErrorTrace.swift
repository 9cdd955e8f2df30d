extension Container {
    /// The logging function a container starts with: assign it to ``loggingFunction`` to go back to the default.
    ///
    /// It writes each message to standard error, unbuffered: in debug builds always, in release builds when the
    /// environment variable `SYRINGE_LOGGING_ENABLED` or `SWINJECT_LOGGING_ENABLED` is `1`, and mistakes of the
    /// calling code (a synchronous resolve of an `async` factory, a shut-down container) once per service anyway.
    ///
    /// ```swift
    /// Container.loggingFunction = Container.defaultLoggingFunction
    /// ```
    public static var defaultLoggingFunction: LoggingFunction { printIfEnabled }

    /// Whether the default ``loggingFunction`` writes every message unasked: in debug builds, so a failed optional
    /// `resolve` always leaves a trace while developing; release builds keep Swinject's silence.
    static var tracesByDefault: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Writes `message` and a newline to standard error in one write, so a line never interleaves with another
    /// stream piped to the same place.
    static func writeTrace(_ message: String) {
        ProcessEnvironment.writeToStandardError(message + "\n")
    }
}
