public import Syringe
import Testing

extension Container {
    /// Registers a placeholder for `serviceType`: a registration that fails the current test when resolved,
    /// for services a test should not reach, and then throws, so the resolve fails as well (`resolve` returns
    /// `nil`, `require` throws a ``ResolutionError`` whose underlying error is a ``PlaceholderResolved``).
    ///
    /// The failure is recorded as an issue of the running Swift Testing test (or with `XCTFail` under XCTest),
    /// at the line that registered the placeholder, with a message naming the service and the resolution path
    /// that reached it.
    ///
    /// ```swift
    /// let test = app.derived { c in
    ///     c.registerPlaceholder(Analytics.self)  // this test must not track anything
    /// }
    /// _ = try test.require(Checkout.self)  // fails the test if Checkout resolves Analytics
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func registerPlaceholder<Service>(
        _ serviceType: Service.Type,
        name: String? = nil,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> ServiceEntry<Service> {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return register(Service.self, name: name, fileID: fileID, line: UInt(line)) { r -> Service in
            let path = reportPlaceholder(Service.self, name: name, resolver: r, at: location, continuing: false)
            throw PlaceholderResolved(request: ServiceRequest(serviceType: Service.self, name: name), path: path)
        }
    }

    /// Registers a placeholder for `serviceType` that fails the current test when resolved, and returns
    /// `value` so the code under test can go on (like an unimplemented dependency that still answers).
    ///
    /// ```swift
    /// let test = app.derived { c in
    ///     c.registerPlaceholder(Clock.self, returning: FixedClock(.distantPast))
    /// }
    /// _ = test.resolve(Report.self)  // a Report, and an issue: "Clock is a placeholder…"
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    ///   - value: Made each time the placeholder is resolved, after the failure is recorded.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func registerPlaceholder<Service>(
        _ serviceType: Service.Type,
        name: String? = nil,
        returning value: @autoclosure @escaping @Sendable () -> Service,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> ServiceEntry<Service> {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return register(Service.self, name: name, fileID: fileID, line: UInt(line)) { r -> Service in
            reportPlaceholder(Service.self, name: name, resolver: r, at: location, continuing: true)
            return value()
        }
    }

    /// Registers a placeholder for a declared key of any kind, with or without runtime arguments: resolving the key
    /// (`container[.analytics]`, `try await container.async[.prices]`, `@Injected(.analytics)`) fails the current
    /// test, naming the key's service and the resolution path, and then throws ``PlaceholderResolved``, as
    /// ``registerPlaceholder(_:name:fileID:filePath:line:column:)`` does for a type. The key's default is not used.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let tracker = Key<Analytics> { _ in Analytics() }
    /// }
    /// let test = app.derived { c in
    ///     c.registerPlaceholder(.tracker)  // this test must not track anything
    /// }
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func registerPlaceholder<Service, Parameters, Execution>(
        _ key: ServiceKeys.DeclaredKey<Service, Parameters, Execution>,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> ServiceEntry<Service> {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = key.name
        return key.registerStandIn(in: self, fileID: fileID, line: UInt(line)) { r -> Service in
            let path = reportPlaceholder(Service.self, name: name, resolver: r, at: location, continuing: false)
            throw PlaceholderResolved(request: ServiceRequest(serviceType: Service.self, name: name), path: path)
        }
    }
}

/// Records the failure of a resolved placeholder and returns the resolution path that reached it.
@discardableResult
private func reportPlaceholder<Service>(
    _ serviceType: Service.Type, name: String?, resolver: any Resolver, at location: SourceLocation,
    continuing: Bool
) -> [ServiceRequest] {
    let request = ServiceRequest(serviceType: Service.self, name: name)
    // The factory receives the container the resolve went through; its running resolution has the path.
    var path = (resolver as? Container)?.activeResolutionPath() ?? []
    if path.last != request { path.append(request) }
    let route = path.map(\.description).joined(separator: " -> ")
    let outcome = continuing ? "the placeholder's value was returned" : "the resolve fails"
    reportTestFailure(
        "\(request) is a placeholder: the test did not expect it to be resolved (resolution path: \(route)); "
            + "\(outcome). To fix, register a mock \(request) in the test's container, or make the code under "
            + "test not need it.",
        at: location
    )
    return path
}

/// The error a placeholder without a value throws when resolved (see
/// ``Syringe/Container/registerPlaceholder(_:name:fileID:filePath:line:column:)``): the resolve's
/// ``ResolutionError`` carries it as its underlying error.
///
/// ```swift
/// do { _ = try Container.test.require(Analytics.self) } catch {
///     if case .factoryFailed(let underlying) = error.kind, underlying is PlaceholderResolved { /* … */ }
/// }
/// ```
public struct PlaceholderResolved: Error, CustomStringConvertible {
    /// The placeholder's service.
    ///
    /// ```swift
    /// assert(placeholder.request.serviceType == Analytics.self)
    /// ```
    public let request: ServiceRequest
    /// The resolution path from the top-level request to the placeholder.
    ///
    /// ```swift
    /// print(placeholder.path.map(\.description))  // ["Checkout", "Analytics"]
    /// ```
    public let path: [ServiceRequest]

    /// A sentence naming the placeholder and the path.
    ///
    /// ```swift
    /// print(placeholder)  // Analytics is a placeholder, resolved through Checkout -> Analytics
    /// ```
    public var description: String {
        "\(request) is a placeholder, resolved through \(path.map(\.description).joined(separator: " -> "))"
    }
}
