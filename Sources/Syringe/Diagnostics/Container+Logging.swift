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
    /// The default function writes each message to standard error at once (unbuffered, so it survives a crash
    /// that follows, piped output included): always in debug builds; in release builds only when the environment
    /// variable `SWINJECT_LOGGING_ENABLED` or `SYRINGE_LOGGING_ENABLED` is `1`, as Swinject does, with one
    /// exception: a synchronous `resolve` of a registration whose factory is `async` or actor-isolated
    /// (``ResolutionError/Kind/asyncFactory``), and a resolve through a shut-down container
    /// (``ResolutionError/Kind/containerShutDown``), mistakes in the calling code, are written once per requested
    /// service even without them. Setting a function replaces that check (it receives every message); `nil`
    /// silences everything. Safe to read and set from any thread.
    ///
    /// For messages with a level and the request they concern, set a handler with
    /// ``setLogHandler(minimumLevel:_:)`` instead; it replaces this function, which then reads as one that
    /// forwards each text to the handler at level ``LogLevel/info``.
    ///
    /// ```swift
    /// Container.loggingFunction = { message in logger.warning("\(message)") }
    /// Container.loggingFunction = nil  // silence
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

    /// Sends the library's messages to `handler`, each with its level and the request it concerns, in debug and
    /// release builds alike; messages below `minimumLevel` are not made. It replaces ``loggingFunction`` (and the
    /// default function's rules); `nil` silences everything. Safe to call from any thread, while other threads
    /// log: each message goes to the handler set before or after, whole.
    ///
    /// Route them into swift-log or `os.Logger` in a few lines (Syringe itself depends on neither):
    ///
    /// ```swift
    /// Container.setLogHandler(minimumLevel: .info) { message in
    ///     print("[\(message.level)] \(message.request.map(\.description) ?? "-"): \(message.message)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - minimumLevel: The least level the handler receives; ``LogLevel/debug`` (the default) for every message.
    ///   - handler: Receives each message; `nil` turns logging off.
    public static func setLogHandler(minimumLevel: LogLevel = .debug, _ handler: LogHandler?) {
        usesDefaultSink.store(0)
        destination.withLock { destination in
            destination = handler.map { .handler($0, minimumLevel: minimumLevel) } ?? .function(nil)
        }
    }

    /// Where messages go: a text function (the default one, the user's, or `nil` for none), or a handler of
    /// leveled messages.
    private enum Destination {
        case function(LoggingFunction?)
        case handler(LogHandler, minimumLevel: LogLevel)
    }

    private static let destination = Locked<Destination>(.function(printIfEnabled))
    /// 1 while ``loggingFunction`` is still the default one.
    private static let usesDefaultSink = AtomicCounter(1)

    /// The default sink: writes to standard error in debug builds, or when one of the environment variables asks.
    static let printIfEnabled: LoggingFunction = { message in
        if printsByDefault || tracesByDefault { writeTrace(message) }
    }

    /// Whether the default sink prints (an environment variable asks for it).
    private static var printsByDefault: Bool {
        environmentFlag("SYRINGE_LOGGING_ENABLED") || environmentFlag("SWINJECT_LOGGING_ENABLED")
    }

    /// Sends the message of `error` to ``loggingFunction``, or to the handler at the error's level. The message
    /// (what is registered instead, the "did you mean") is made only if a function will receive it: not with
    /// logging off, nor for the default function when no environment variable asks it to print, nor below the
    /// handler's minimum level.
    // `@usableFromInline` and out of line: the optional `resolve`s, which call it when they fail, stay small and
    // may be inlined into an app's code (cross-module optimization inlines a function only if everything it calls
    // can be named from there, which a function using this file's private state cannot).
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
            // A synchronous call that met an `async` or actor-isolated factory is a mistake in the calling code,
            // not a service that may be missing: the default sink prints it even when logging is not asked for,
            // once per request, so a `nil` from it is never silent. So is a resolve through a shut-down container.
            if error.isAsyncFactory || error.isContainerShutDown,
                reportedAsyncMisses.withLock({ $0.insert("\(error.code) \(error.request)").inserted })
            {
                writeTrace(error.description)
            }
            return
        }
        sink(error.description)
    }

    /// Sends `message`, a mistake found when a registration of `request` is made (not a service that may be
    /// missing), to ``loggingFunction``, or to the handler as a warning; the default function prints it even when
    /// logging is not asked for.
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

    /// Sends a message that is not a failed resolution (a ``shutdown()`` that could not wait, for example) to
    /// ``loggingFunction``, under the same rules as a failed optional resolve's, or to the handler as a warning.
    static func logNotice(_ message: String) {
        switch destination.withLock({ $0 }) {
        case .function(let sink):
            sink?(message)
        case .handler(let handler, let minimumLevel):
            if LogLevel.warning >= minimumLevel { handler(LogMessage(level: .warning, message: message)) }
        }
    }

    /// The requests whose ``ResolutionError/Kind/asyncFactory`` or ``ResolutionError/Kind/containerShutDown`` failure
    /// the default sink has printed, each after its code.
    private static let reportedAsyncMisses = Locked<Set<String>>([])
}

/// Whether the environment variable `name` is set to `1`.
private func environmentFlag(_ name: String) -> Bool {
    ProcessEnvironment.value(of: name) == "1"
}
