/// A container as an ``AsyncResolver`` (``Container/async``): each call is one top-level resolution.
struct AsyncContainer: AsyncResolver {
    let container: Container

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        container.resolve(serviceType, name: name)
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        container.resolve(serviceType, name: name, arguments: repeat each arguments)
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try container.require(serviceType, name: name)
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try container.require(serviceType, name: name, arguments: repeat each arguments)
    }

    // The optional forms are written out here and in `AsyncResolution`, not once as defaults in an
    // `AsyncResolver` extension: a synchronous method can witness an `async` requirement, so the synchronous
    // `resolve(_:name:)` these types have as `Resolver`s would win over such a default.
    func resolve<Service>(_ serviceType: Service.Type, name: String?) async -> Service? {
        do {
            return try await require(serviceType, name: name)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async -> Service? {
        do {
            return try await require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) async throws(ResolutionError) -> Service {
        let root = AsyncResolution.Root(container: container)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        return try await resolution.require(serviceType, name: name)
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        let root = AsyncResolution.Root(container: container)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        return try await resolution.require(serviceType, name: name, arguments: repeat each arguments)
    }
}
