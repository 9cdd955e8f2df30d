extension ResolutionError {
    /// The kind of a failure without its details: `Equatable` (``Kind`` is not), so a test states it in one
    /// comparison.
    ///
    /// ```swift
    /// #expect(try ResolutionError.code { try container.require(Cat.self) } == .notRegistered)
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

        /// The case's name, as written in code.
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

    /// Runs `body` and returns the code of the ``ResolutionError`` it throws, or `nil` if it returns normally; an
    /// error of another type is rethrown.
    ///
    /// ```swift
    /// #expect(try ResolutionError.code { try container.require(Cat.self) } == .notRegistered)
    /// ```
    public static func code<Result>(of body: () throws -> Result) rethrows -> Code? {
        do {
            _ = try body()
            return nil
        } catch let error as ResolutionError {
            return error.code
        }
    }

    /// The awaited form of `code(of:)`; a closure that does not await picks the synchronous form.
    ///
    /// ```swift
    /// #expect(try await ResolutionError.code { try await container.async.require(Cat.self) } == nil)  // resolves
    /// ```
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
