#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

extension Container {
    /// A function that receives log messages.
    ///
    /// ```swift
    /// let sink: Container.LoggingFunction = { message in print(message) }
    /// ```
    public typealias LoggingFunction = @Sendable (String) -> Void

    /// Receives a message every time an optional `resolve` returns `nil`: what was asked, the resolution
    /// path, what is registered, and how to fix it. Set `nil` to turn logging off.
    ///
    /// By default messages are printed only when the environment variable `SWINJECT_LOGGING_ENABLED` or
    /// `SYRINGE_LOGGING_ENABLED` is `1`, as Swinject does. Setting a function replaces that check. Safe to read
    /// and set from any thread.
    ///
    /// ```swift
    /// Container.loggingFunction = { message in logger.warning("\(message)") }
    /// Container.loggingFunction = nil  // silence
    /// ```
    public static var loggingFunction: LoggingFunction? {
        get { loggingSink.withLock { $0 } }
        set { loggingSink.withLock { $0 = newValue } }
    }

    private static let loggingSink = Locked<LoggingFunction?>(printIfEnabled)

    /// The default sink: prints when one of the environment variables asks for it.
    private static let printIfEnabled: LoggingFunction = { message in
        if environmentFlag("SYRINGE_LOGGING_ENABLED") || environmentFlag("SWINJECT_LOGGING_ENABLED") {
            print(message)
        }
    }

    /// Sends the message of `error` to ``loggingFunction``.
    static func log(_ error: ResolutionError) {
        guard let sink = loggingFunction else { return }
        sink(error.description)
    }
}

/// Whether the environment variable `name` is set to `1`.
private func environmentFlag(_ name: String) -> Bool {
    guard let value = getenv(name) else { return false }
    return String(cString: value) == "1"
}
