import Swinject

// Swinject 2.10's registrations of the scenarios both harnesses time, through the public API, as an app would write
// them. Syringe's are the same, line for line (SyringeRegistrations.swift).

/// The container of scenarios 1–7 (and of 9's threads): every service of the model, each in the scope its scenario
/// prices, with the `.container` singleton already created, so scenario 4 times a cached instance.
public func swinjectScenarioContainer() -> Container {
    let container = Container()
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    container.register(DependencyA.self) { _ in DependencyA() }.inObjectScope(.transient)
    container.register(DependencyB.self) { _ in DependencyB() }.inObjectScope(.transient)
    container.register(DependencyC.self) { _ in DependencyC() }.inObjectScope(.transient)
    container.register(ThreeDependencies.self) { r in
        ThreeDependencies(
            a: r.resolve(DependencyA.self)!, b: r.resolve(DependencyB.self)!, c: r.resolve(DependencyC.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel4.self) { _ in TreeLevel4() }.inObjectScope(.transient)
    container.register(TreeLevel3.self) { r in
        TreeLevel3(left: r.resolve(TreeLevel4.self)!, right: r.resolve(TreeLevel4.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel2.self) { r in
        TreeLevel2(left: r.resolve(TreeLevel3.self)!, right: r.resolve(TreeLevel3.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel1.self) { r in
        TreeLevel1(left: r.resolve(TreeLevel2.self)!, right: r.resolve(TreeLevel2.self)!)
    }.inObjectScope(.transient)
    container.register(TreeRoot.self) { r in
        TreeRoot(left: r.resolve(TreeLevel1.self)!, right: r.resolve(TreeLevel1.self)!)
    }.inObjectScope(.transient)
    container.register(Singleton.self) { _ in Singleton() }.inObjectScope(.container)
    container.register(Configured.self) { (_, value: Int) in Configured(value: value) }.inObjectScope(.transient)
    container.register(Shared.self) { _ in Shared() }.inObjectScope(.graph)
    container.register(Left.self) { r in Left(shared: r.resolve(Shared.self)!) }.inObjectScope(.graph)
    container.register(Right.self) { r in Right(shared: r.resolve(Shared.self)!) }.inObjectScope(.graph)
    container.register(Diamond.self) { r in
        Diamond(left: r.resolve(Left.self)!, right: r.resolve(Right.self)!)
    }.inObjectScope(.graph)
    _ = container.resolve(Singleton.self)
    return container
}

/// The container of the default-scope scenario (group 12): one registration that names no scope, so `.graph`.
public func swinjectDefaultScopeContainer() -> Container {
    let container = Container()
    container.register(DefaultScoped.self) { _ in DefaultScoped() }
    return container
}
