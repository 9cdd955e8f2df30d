extension Container {
    /// A function that receives log messages.
    ///
    /// ```swift
    /// let sink: Container.LoggingFunction = { message in print(message) }
    /// ```
    public typealias LoggingFunction = @Sendable (String) -> Void

    /// Receives the text of every message (such as a failed optional `resolve`'s); `nil` turns logging off. Safe to
    /// read and set from any thread. ``setLogHandler(minimumLevel:_:)`` replaces it (this then forwards each text
    /// to the handler at level ``LogLevel/info``); see ``defaultLoggingFunction`` for the default.
    ///
    /// ```swift
    /// Container.loggingFunction = { message in logger.warning("\(message)") }
    /// ```
    public static var loggingFunction: LoggingFunction? {
        get {
            switch destination.withLock({ $0 }) {
            case .function(let function):
                return function
            case .handler(let handler, let minimumLevel):
                return { text in if LogLevel.info >= minimumLevel { handler(LogMessage(level: .info, message: text)) } }
            }
        }
        set {
            // Marked first, so a message for the new function is never skipped as if for the default one.
            usesDefaultSink.store(0)
            destination.withLock { $0 = .function(newValue) }
        }
    }

    /// Sends the library's messages at or above `minimumLevel` to `handler`, in every build. It replaces
    /// ``loggingFunction``; `nil` silences everything. Safe to call from any thread while others log.
    ///
    /// ```swift
    /// Container.setLogHandler(minimumLevel: .info) { message in print(message.level, message.message) }
    /// ```
    public static func setLogHandler(minimumLevel: LogLevel = .debug, _ handler: LogHandler?) {
        usesDefaultSink.store(0)
        destination.withLock { destination in
            destination = handler.map { .handler($0, minimumLevel: minimumLevel) } ?? .function(nil)
        }
    }

    private enum Destination {
        case function(LoggingFunction?)
        case handler(LogHandler, minimumLevel: LogLevel)
    }

    private static let destination = Locked<Destination>(.function(printIfEnabled))
    /// 1 while ``loggingFunction`` is still the default one.
    private static let usesDefaultSink = AtomicCounter(1)

    /// The default sink: writes to standard error in debug builds, or when an environment variable asks.
    static let printIfEnabled: LoggingFunction = { message in
        if printsByDefault || tracesByDefault { writeTrace(message) }
    }

    private static var printsByDefault: Bool {
        environmentFlag("SYRINGE_LOGGING_ENABLED") || environmentFlag("SWINJECT_LOGGING_ENABLED")
    }

    /// Sends the message of `error` to ``loggingFunction``, or to the handler at the error's level; the message is
    /// made only if a function will receive it.
    // `@usableFromInline` and out of line: the optional `resolve`s that call it stay small and inlinable into an app.
    @usableFromInline
    @inline(never)
    static func log(_ error: ResolutionError) {
        let sink: LoggingFunction
        switch destination.withLock({ $0 }) {
        case .function(nil):
            return
        case .function(let function?):
            sink = function
        case .handler(let handler, let minimumLevel):
            let level = error.logLevel
            guard level >= minimumLevel else { return }
            handler(
                LogMessage(
                    level: level, message: error.description, request: error.path.first ?? error.request,
                    path: error.path, error: error))
            return
        }
        if usesDefaultSink.load() == 1, !printsByDefault, !tracesByDefault {
            // A mistake in the calling code, not a service that may be missing: printed even unasked, once per
            // request, so a `nil` from it is never silent.
            if error.isAsyncFactory || error.isContainerShutDown,
                reportedAsyncMisses.withLock({ $0.insert("\(error.code) \(error.request)").inserted })
            {
                writeTrace(error.description)
            }
            return
        }
        sink(error.description)
    }

    /// Sends `message`, a mistake in a registration of `request`, to ``loggingFunction`` (the default prints it
    /// even unasked), or to the handler as a warning.
    static func reportRegistrationProblem(_ message: String, request: ServiceRequest) {
        switch destination.withLock({ $0 }) {
        case .function(nil):
            return
        case .function(let sink?):
            if usesDefaultSink.load() == 1 { print(message) } else { sink(message) }
        case .handler(let handler, let minimumLevel):
            if LogLevel.warning >= minimumLevel {
                handler(LogMessage(level: .warning, message: message, request: request))
            }
        }
    }

    /// Sends a message that is not a failed resolution to ``loggingFunction``, or to the handler as a warning.
    static func logNotice(_ message: String) {
        switch destination.withLock({ $0 }) {
        case .function(let sink):
            sink?(message)
        case .handler(let handler, let minimumLevel):
            if LogLevel.warning >= minimumLevel { handler(LogMessage(level: .warning, message: message)) }
        }
    }

    /// The requests (each after its code) whose mistake the default sink printed unasked.
    private static let reportedAsyncMisses = Locked<Set<String>>([])
}

private func environmentFlag(_ name: String) -> Bool {
    ProcessEnvironment.value(of: name) == "1"
}
