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
        get { loggingSink.withLock { $0.function } }
        set { loggingSink.withLock { $0 = LoggingSink(function: newValue, isDefault: false) } }
    }

    /// The logging function, and whether it is still the default one.
    private struct LoggingSink {
        var function: LoggingFunction?
        var isDefault: Bool
    }

    private static let loggingSink = Locked(LoggingSink(function: printIfEnabled, isDefault: true))

    /// The default sink: prints when one of the environment variables asks for it.
    private static let printIfEnabled: LoggingFunction = { message in
        if printsByDefault { print(message) }
    }

    /// Whether the default sink prints (an environment variable asks for it).
    private static var printsByDefault: Bool {
        environmentFlag("SYRINGE_LOGGING_ENABLED") || environmentFlag("SWINJECT_LOGGING_ENABLED")
    }

    /// Sends the message of `error` to ``loggingFunction``. The message (what is registered instead, the "did you
    /// mean") is made only if a function will receive it: not with logging off, nor for the default function
    /// when no environment variable asks it to print.
    static func log(_ error: ResolutionError) {
        let sink = loggingSink.withLock { $0 }
        guard let function = sink.function, !sink.isDefault || printsByDefault else { return }
        function(error.description)
    }
}

/// Whether the environment variable `name` is set to `1`.
private func environmentFlag(_ name: String) -> Bool {
    guard let value = getenv(name) else { return false }
    return String(cString: value) == "1"
}
