// Code written for Swinject 2.10 and its add-ons, as their users write it: resolvers that implement exactly
// Swinject's requirements (or some of them) and nothing of Syringe's, and autoregistrations whose initializer takes
// its dependencies as one tuple. Scripts/swinject-compat.sh also compiles this file in the Swift 5 language mode,
// beside Swinject's own tests.
import Syringe

/// Holds its container weakly and forwards every form to it, as knit's `WeakResolver` does: a class with a
/// `weak var`, so not `Sendable`.
final class WeakResolver: Resolver {
    private weak var container: Container?

    init(container: Container) {
        self.container = container
    }

    var isAvailable: Bool { container != nil }

    private var unwrapped: any Resolver {
        guard let container else { fatalError("Attempting to resolve using a container which has been released") }
        return container
    }

    func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        unwrapped.resolve(serviceType)
    }

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        unwrapped.resolve(serviceType, name: name)
    }

    func resolve<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service? {
        unwrapped.resolve(serviceType, argument: argument)
    }

    func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service? {
        unwrapped.resolve(serviceType, name: name, argument: argument)
    }

    func resolve<Service, Arg1, Arg2>(_ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2)
    }

    func resolve<Service, Arg1, Arg2>(_ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2)
        -> Service?
    {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2)
    }

    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3)
    }

    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        unwrapped.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        unwrapped.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }
}

/// Wraps any resolver and forwards to it, noting each form called, as SwinjectPropertyInjection's
/// `ResolverContainer` wraps the resolver a factory receives: mutable state, not `Sendable`.
final class RecordingResolver: Resolver {
    let resolver: any Resolver
    private(set) var calls: [String] = []

    init(_ resolver: any Resolver) {
        self.resolver = resolver
    }

    func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType)
    }

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name)
    }

    func resolve<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, argument: argument)
    }

    func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, argument: argument)
    }

    func resolve<Service, Arg1, Arg2>(_ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2)
    }

    func resolve<Service, Arg1, Arg2>(_ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2)
        -> Service?
    {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2)
    }

    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3)
    }

    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(serviceType, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }

    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        calls.append(#function)
        return resolver.resolve(
            serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }
}

/// A test double that implements only some of the forms: the named one without arguments (the one requirement
/// without a default) and the named one with one argument. It answers from its dictionary, by name.
struct FakeResolver: Resolver {
    var services: [String: Any] = [:]

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        services[name ?? ""] as? Service
    }

    func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service? {
        services["\(name ?? ""):\(argument)"] as? Service
    }
}

/// A dependency of ``Total``, told apart by type.
struct Dependency1 { let value = 1 }
struct Dependency2 { let value = 2 }
struct Dependency3 { let value = 3 }
struct Dependency4 { let value = 4 }
struct Dependency5 { let value = 5 }
struct Dependency6 { let value = 6 }
struct Dependency7 { let value = 7 }
struct Dependency8 { let value = 8 }
struct Dependency9 { let value = 9 }
struct Dependency10 { let value = 10 }
struct Dependency11 { let value = 11 }
struct Dependency12 { let value = 12 }
struct Dependency13 { let value = 13 }
struct Dependency14 { let value = 14 }
struct Dependency15 { let value = 15 }
struct Dependency16 { let value = 16 }
struct Dependency17 { let value = 17 }
struct Dependency18 { let value = 18 }
struct Dependency19 { let value = 19 }
struct Dependency20 { let value = 20 }

/// The sum of its dependencies' values.
struct Total {
    let value: Int
}

/// Registers one `Total` per count of dependencies, 2 to 20, named by that count, each with an initializer that
/// takes its dependencies as one tuple (SwinjectAutoregistration's shape), and the dependencies themselves.
func autoregisterTotals(in container: Container) {
    container.register(Dependency1.self) { _ in Dependency1() }
    container.register(Dependency2.self) { _ in Dependency2() }
    container.register(Dependency3.self) { _ in Dependency3() }
    container.register(Dependency4.self) { _ in Dependency4() }
    container.register(Dependency5.self) { _ in Dependency5() }
    container.register(Dependency6.self) { _ in Dependency6() }
    container.register(Dependency7.self) { _ in Dependency7() }
    container.register(Dependency8.self) { _ in Dependency8() }
    container.register(Dependency9.self) { _ in Dependency9() }
    container.register(Dependency10.self) { _ in Dependency10() }
    container.register(Dependency11.self) { _ in Dependency11() }
    container.register(Dependency12.self) { _ in Dependency12() }
    container.register(Dependency13.self) { _ in Dependency13() }
    container.register(Dependency14.self) { _ in Dependency14() }
    container.register(Dependency15.self) { _ in Dependency15() }
    container.register(Dependency16.self) { _ in Dependency16() }
    container.register(Dependency17.self) { _ in Dependency17() }
    container.register(Dependency18.self) { _ in Dependency18() }
    container.register(Dependency19.self) { _ in Dependency19() }
    container.register(Dependency20.self) { _ in Dependency20() }
    container.autoregister(Total.self, name: "2") { (deps: (Dependency1, Dependency2)) in
        Total(value: deps.0.value + deps.1.value)
    }
    container.autoregister(Total.self, name: "3") { (deps: (Dependency1, Dependency2, Dependency3)) in
        Total(value: deps.0.value + deps.1.value + deps.2.value)
    }
    container.autoregister(Total.self, name: "4") { (deps: (Dependency1, Dependency2, Dependency3, Dependency4)) in
        Total(value: deps.0.value + deps.1.value + deps.2.value + deps.3.value)
    }
    container.autoregister(Total.self, name: "5") {
        (deps: (Dependency1, Dependency2, Dependency3, Dependency4, Dependency5)) in
        Total(value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value)
    }
    container.autoregister(Total.self, name: "6") {
        (deps: (Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6)) in
        Total(value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value)
    }
    container.autoregister(Total.self, name: "7") {
        (deps: (Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7)) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value)
    }
    container.autoregister(Total.self, name: "8") {
        (deps: (Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8))
        in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value)
    }
    container.autoregister(Total.self, name: "9") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value)
    }
    container.autoregister(Total.self, name: "10") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value)
    }
    container.autoregister(Total.self, name: "11") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value)
    }
    container.autoregister(Total.self, name: "12") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value)
    }
    container.autoregister(Total.self, name: "13") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value)
    }
    container.autoregister(Total.self, name: "14") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value)
    }
    container.autoregister(Total.self, name: "15") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value)
    }
    container.autoregister(Total.self, name: "16") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15,
                Dependency16
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value + deps.15.value)
    }
    container.autoregister(Total.self, name: "17") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15,
                Dependency16, Dependency17
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value + deps.15.value + deps.16.value)
    }
    container.autoregister(Total.self, name: "18") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15,
                Dependency16, Dependency17, Dependency18
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value + deps.15.value + deps.16.value + deps.17.value)
    }
    container.autoregister(Total.self, name: "19") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15,
                Dependency16, Dependency17, Dependency18, Dependency19
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value + deps.15.value + deps.16.value + deps.17.value
                + deps.18.value)
    }
    container.autoregister(Total.self, name: "20") {
        (
            deps: (
                Dependency1, Dependency2, Dependency3, Dependency4, Dependency5, Dependency6, Dependency7, Dependency8,
                Dependency9, Dependency10, Dependency11, Dependency12, Dependency13, Dependency14, Dependency15,
                Dependency16, Dependency17, Dependency18, Dependency19, Dependency20
            )
        ) in
        Total(
            value: deps.0.value + deps.1.value + deps.2.value + deps.3.value + deps.4.value + deps.5.value
                + deps.6.value + deps.7.value + deps.8.value + deps.9.value + deps.10.value + deps.11.value
                + deps.12.value + deps.13.value + deps.14.value + deps.15.value + deps.16.value + deps.17.value
                + deps.18.value + deps.19.value)
    }
}

#if !swift(>=6)
    /// The shape that crashed the compiler in the Swift 5 language mode: a tuple closure held in a `let` (not
    /// `@Sendable`, which the Swift 6 mode requires of a factory). Compiled by Scripts/swinject-compat.sh.
    func autoregisterTotalFromLet(in container: Container) {
        let make = { (deps: (Dependency1, Dependency2)) in Total(value: deps.0.value + deps.1.value) }
        container.autoregister(Total.self, name: "let", initializer: make)
    }
#endif

/// The option an add-on that finishes objects made elsewhere (SwinjectStoryboard's view controllers) keys its
/// registrations with: the object's type.
struct ConstructedTypeOption: ServiceKeyOption {
    let constructedType: Any.Type

    func isEqualTo(_ another: any ServiceKeyOption) -> Bool {
        guard let another = another as? ConstructedTypeOption else { return false }
        return constructedType == another.constructedType
    }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(constructedType)) }

    var description: String { "constructed \(constructedType)" }
}

extension Container {
    /// Registers how to finish an object the caller makes, as such add-ons do: `_register` under an option, with a
    /// factory taking the resolver and the object.
    @discardableResult
    func registerConstruction<T>(
        _ objectType: T.Type, name: String? = nil, completion: @escaping @Sendable (any Resolver, T) -> Void
    ) -> ServiceEntry<T> {
        let factory = { @Sendable (r: any Resolver, object: T) -> T in
            completion(r, object)
            return object
        }
        return _register(objectType, factory: factory, name: name, option: ConstructedTypeOption(constructedType: T.self))
    }

    /// Finishes `object` with what ``registerConstruction(_:name:completion:)`` registered: `_resolve` with the
    /// object handed to the factory through the invoker, as one tuple.
    func finishConstruction<T>(of object: T, name: String? = nil) {
        typealias FactoryType = ((any Resolver, T)) -> Any
        _ = _resolve(name: name, option: ConstructedTypeOption(constructedType: T.self)) { (factory: FactoryType) in
            factory((self, object)) as Any
        } as T?
    }
}

#if !swift(>=6)
    /// The same add-on as written for Swinject in the Swift 5 language mode: `Resolver` without `any`, a factory
    /// that is not `@Sendable`, the resolver reached as `_Resolver`. Compiled by Scripts/swinject-compat.sh.
    extension Container {
        func registerConstructionSwift5<T>(_ objectType: T.Type, completion: @escaping (Resolver, T) -> Void) {
            let factory = { (r: Resolver, object: T) -> T in
                completion(r, object)
                return object
            }
            _register(objectType, factory: factory, option: ConstructedTypeOption(constructedType: T.self))
        }

        func finishConstructionSwift5<T>(of object: T) {
            if let resolver = self as Any as? _Resolver {
                typealias FactoryType = ((Resolver, T)) -> Any
                _ = resolver._resolve(name: nil, option: ConstructedTypeOption(constructedType: T.self)) {
                    (factory: FactoryType) in factory((self, object)) as Any
                } as T?
            }
        }
    }
#endif
