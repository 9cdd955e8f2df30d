extension Container {
    /// How much a log message matters, from ``debug`` to ``error``. Levels compare in that order, so a handler
    /// set with `minimumLevel: .warning` receives warnings and errors.
    ///
    /// ```swift
    /// Container.setLogHandler(minimumLevel: .warning) { message in print(message.level, message.message) }
    /// ```
    public enum LogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// An optional resolve that returned `nil` because nothing is registered for the request: often intended.
        ///
        /// ```swift
        /// Container.setLogHandler(minimumLevel: .debug) { print($0) }
        /// ```
        case debug
        /// Information about the container's work that needs no action.
        ///
        /// ```swift
        /// Container.setLogHandler(minimumLevel: .info) { print($0) }
        /// ```
        case info
        /// A mistake in the calling code or a registration that the library worked around.
        ///
        /// ```swift
        /// Container.setLogHandler(minimumLevel: .warning) { print($0) }
        /// ```
        case warning
        /// A service that exists but could not be made: its factory threw, a cycle, a wrong instance type…
        ///
        /// ```swift
        /// Container.setLogHandler(minimumLevel: .error) { print($0) }
        /// ```
        case error

        /// The level's name.
        ///
        /// ```swift
        /// print(Container.LogLevel.warning)  // warning
        /// ```
        public var description: String { ["debug", "info", "warning", "error"][rawValue] }

        /// Whether `lhs` matters less than `rhs`.
        ///
        /// ```swift
        /// assert(Container.LogLevel.info < .warning)
        /// ```
        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One message of the library: its level, its text, and the request it concerns.
    ///
    /// ```swift
    /// Container.setLogHandler(minimumLevel: .info) { message in print(message.level, message.request ?? "-") }
    /// ```
    public struct LogMessage: Sendable, CustomStringConvertible {
        /// How much the message matters.
        ///
        /// ```swift
        /// if message.level >= .warning { print(message) }
        /// ```
        public let level: LogLevel
        /// The whole text, as ``Container/loggingFunction`` receives it.
        ///
        /// ```swift
        /// print(message.message)
        /// ```
        public let message: String
        /// The request the message concerns, if any (the top-level one, for a failed resolve).
        ///
        /// ```swift
        /// print(message.request?.serviceType ?? Never.self, message.request?.name ?? "unnamed")
        /// ```
        public let request: ServiceRequest?
        /// The requests from the top-level call down to the one that failed, for a failed resolve; empty otherwise.
        ///
        /// ```swift
        /// print(message.path.map(\.description).joined(separator: " -> "))
        /// ```
        public let path: [ServiceRequest]
        /// The error of a failed resolve.
        ///
        /// ```swift
        /// if message.error?.code == .containerShutDown { print("resolved after shutdown") }
        /// ```
        public let error: ResolutionError?

        /// Creates a message; the library creates these. For tests of your own handler.
        ///
        /// ```swift
        /// let message = Container.LogMessage(level: .info, message: "started")
        /// ```
        public init(
            level: LogLevel, message: String, request: ServiceRequest? = nil, path: [ServiceRequest] = [],
            error: ResolutionError? = nil
        ) {
            self.level = level
            self.message = message
            self.request = request
            self.path = path
            self.error = error
        }

        /// The level in brackets, then the text: `[warning] Syringe: cannot resolve Session: …`.
        ///
        /// ```swift
        /// print(message)
        /// ```
        public var description: String { "[\(level)] \(message)" }
    }

    /// A function that receives the library's log messages, with their level and request.
    ///
    /// ```swift
    /// let handler: Container.LogHandler = { message in print(message.level, message.message) }
    /// ```
    public typealias LogHandler = @Sendable (LogMessage) -> Void
}

extension Container.LogLevel {
    /// The level of a failed resolve of kind `kind`: a miss `debug`, a mistake of the calling code `warning`, a
    /// service that could not be made `error`.
    init(of kind: ResolutionError.Kind) {
        switch kind {
        case .notRegistered, .nameMismatch, .argumentMismatch, .optionalityMismatch:
            self = .debug
        case .asyncFactory, .containerShutDown, .containerReleased, .notReinjectable, .outsideRequestScope,
            .notProvidedByRequest:
            self = .warning
        case .ambiguousArguments, .circularDependency, .factoryFailed, .wrongInstanceType, .stackExhausted,
            .keyCollision:
            self = .error
        }
    }
}
