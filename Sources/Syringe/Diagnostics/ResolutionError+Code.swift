extension ResolutionError {
    /// The kind of a failure without its details: `Equatable`, so a test states it in one comparison.
    ///
    /// ``Kind`` carries details (a cycle, an underlying error, a type) and is not `Equatable`; ``code`` names the
    /// kind alone. `code(of:)` runs a throwing call (awaited or not) and gives the code of what it threw, so a whole
    /// assertion fits on one line.
    ///
    /// ```swift
    /// #expect(try ResolutionError.code { try container.require(Cat.self) } == .notRegistered)
    ///
    /// let error = #expect(throws: ResolutionError.self) { try container.require(Cat.self) }
    /// #expect(error?.code == .notRegistered)
    /// ```
    public enum Code: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// ``Kind/notRegistered``.
        ///
        /// ```swift
        /// #expect(error.code == .notRegistered)
        /// ```
        case notRegistered
        /// ``Kind/argumentMismatch``.
        ///
        /// ```swift
        /// #expect(error.code == .argumentMismatch)
        /// ```
        case argumentMismatch
        /// ``Kind/ambiguousArguments``.
        ///
        /// ```swift
        /// #expect(error.code == .ambiguousArguments)
        /// ```
        case ambiguousArguments
        /// ``Kind/nameMismatch(suggestion:)``, whatever the suggestion.
        ///
        /// ```swift
        /// #expect(error.code == .nameMismatch)
        /// ```
        case nameMismatch
        /// ``Kind/optionalityMismatch(registered:)``, whatever the registered type.
        ///
        /// ```swift
        /// #expect(error.code == .optionalityMismatch)
        /// ```
        case optionalityMismatch
        /// ``Kind/circularDependency(cycle:)``, whatever the cycle.
        ///
        /// ```swift
        /// #expect(error.code == .circularDependency)
        /// ```
        case circularDependency
        /// ``Kind/factoryFailed(underlying:)``, whatever the underlying error.
        ///
        /// ```swift
        /// #expect(error.code == .factoryFailed)
        /// ```
        case factoryFailed
        /// ``Kind/wrongInstanceType(actual:)``, whatever the instance's type.
        ///
        /// ```swift
        /// #expect(error.code == .wrongInstanceType)
        /// ```
        case wrongInstanceType
        /// ``Kind/stackExhausted(depth:)``, whatever the depth.
        ///
        /// ```swift
        /// #expect(error.code == .stackExhausted)
        /// ```
        case stackExhausted
        /// ``Kind/containerReleased``.
        ///
        /// ```swift
        /// #expect(error.code == .containerReleased)
        /// ```
        case containerReleased
        /// ``Kind/containerShutDown``.
        ///
        /// ```swift
        /// #expect(error.code == .containerShutDown)
        /// ```
        case containerShutDown
        /// ``Kind/asyncFactory``.
        ///
        /// ```swift
        /// #expect(error.code == .asyncFactory)
        /// ```
        case asyncFactory
        /// ``Kind/notReinjectable(reason:)``, whatever the reason.
        ///
        /// ```swift
        /// #expect(error.code == .notReinjectable)
        /// ```
        case notReinjectable
        /// ``Kind/keyCollision(_:)``.
        ///
        /// ```swift
        /// #expect(error.code == .keyCollision)
        /// ```
        case keyCollision
        /// ``Kind/outsideRequestScope``.
        ///
        /// ```swift
        /// #expect(error.code == .outsideRequestScope)
        /// ```
        case outsideRequestScope
        /// ``Kind/notProvidedByRequest(scopeRunning:)``, whether or not a request scope runs.
        ///
        /// ```swift
        /// #expect(error.code == .notProvidedByRequest)
        /// ```
        case notProvidedByRequest

        /// The case's name, as written in code: `notRegistered`.
        ///
        /// ```swift
        /// print(ResolutionError.Code.nameMismatch)  // nameMismatch
        /// ```
        public var description: String { rawValue }
    }

    /// The kind of this failure without its details.
    ///
    /// ```swift
    /// let error = #expect(throws: ResolutionError.self) { try container.require(Cat.self) }
    /// #expect(error?.code == .notRegistered)
    /// ```
    public var code: Code { kind.code }

    /// Runs `body` and returns the code of the ``ResolutionError`` it throws, or `nil` if it returns normally.
    ///
    /// Made for one-line test assertions; Swift Testing prints both sides when they differ. An error of another
    /// type is rethrown, so `#expect(try …)` records it instead of comparing.
    ///
    /// ```swift
    /// #expect(try ResolutionError.code { try container.require(Cat.self) } == .notRegistered)
    /// #expect(try ResolutionError.code { try container.require(Animal.self, name: "dgo") } == .nameMismatch)
    /// #expect(try ResolutionError.code { try container.require(Dog.self) } == nil)  // resolves
    /// ```
    ///
    /// - Parameter body: A throwing resolution call, such as `try container.require(…)`.
    /// - Returns: The code of the ``ResolutionError`` `body` threw, or `nil` when it threw nothing.
    /// - Throws: What `body` threw, when it is not a ``ResolutionError``.
    public static func code<Result>(of body: () throws -> Result) rethrows -> Code? {
        do {
            _ = try body()
            return nil
        } catch let error as ResolutionError {
            return error.code
        }
    }

    /// Awaits `body` and returns the code of the ``ResolutionError`` it throws, or `nil` if it returns normally: the
    /// form of `code(of:)` for awaited resolutions.
    ///
    /// An error of another type is rethrown, so `#expect(try await …)` records it instead of comparing. A closure
    /// that does not await picks the synchronous form, in `async` code too.
    ///
    /// ```swift
    /// #expect(try await ResolutionError.code { try await container.async.require(Session.self) } == .containerShutDown)
    /// #expect(try await ResolutionError.code { try await container.async.require(Cat.self) } == nil)  // resolves
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor `body` runs on; the caller's by default.
    ///   - body: An awaited resolution call, such as `try await container.async.require(…)`.
    /// - Returns: The code of the ``ResolutionError`` `body` threw, or `nil` when it threw nothing.
    /// - Throws: What `body` threw, when it is not a ``ResolutionError``.
    public static func code<Result>(
        isolation: isolated (any Actor)? = #isolation, of body: () async throws -> Result
    ) async rethrows -> Code? {
        do {
            _ = try await body()
            return nil
        } catch let error as ResolutionError {
            return error.code
        }
    }
}

extension ResolutionError.Kind {
    /// This kind without its details.
    ///
    /// ```swift
    /// #expect(error.kind.code == .circularDependency)
    /// ```
    public var code: ResolutionError.Code {
        switch self {
        case .notRegistered: .notRegistered
        case .argumentMismatch: .argumentMismatch
        case .ambiguousArguments: .ambiguousArguments
        case .nameMismatch: .nameMismatch
        case .optionalityMismatch: .optionalityMismatch
        case .circularDependency: .circularDependency
        case .factoryFailed: .factoryFailed
        case .wrongInstanceType: .wrongInstanceType
        case .stackExhausted: .stackExhausted
        case .containerReleased: .containerReleased
        case .containerShutDown: .containerShutDown
        case .asyncFactory: .asyncFactory
        case .notReinjectable: .notReinjectable
        case .keyCollision: .keyCollision
        case .outsideRequestScope: .outsideRequestScope
        case .notProvidedByRequest: .notProvidedByRequest
        }
    }
}
