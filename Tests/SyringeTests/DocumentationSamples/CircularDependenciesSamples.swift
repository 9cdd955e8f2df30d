import Syringe
import Testing

/// The samples of Documentation/CircularDependencies.md.
@Suite("Documentation: circular dependencies")
struct CircularDependenciesSamples {
    final class Husband {
        var wife: Wife?
    }

    final class Wife {
        weak var husband: Husband?
    }

    final class Egg {
        init(chicken: Chicken) {}
    }

    final class Chicken {
        init(egg: Egg) {}
    }

    final class Rock {
        init(paper: Paper) {}
    }

    final class Paper {
        init(scissors: Scissors) {}
    }

    final class Scissors {
        init(rock: Rock) {}
    }

    @Test("property injection on both sides, in graph scope")
    func propertyBothSidesGraph() {
        let container = Container()
        container.register(Husband.self) { _ in Husband() }
            .initCompleted { r, husband in husband.wife = r.resolve(Wife.self) }
        container.register(Wife.self) { _ in Wife() }
            .initCompleted { r, wife in wife.husband = r.resolve(Husband.self) }

        let husband = container.resolve(Husband.self)!
        #expect(husband.wife?.husband === husband)
        #expect(container.resolve(Husband.self) !== husband)  // graph scope: another resolve, another graph
    }

    @Test("property injection on both sides, in container scope")
    func propertyBothSides() {
        let container = Container()
        container.register(Husband.self) { _ in Husband() }
            .inObjectScope(.container)
            .initCompleted { r, husband in husband.wife = r.resolve(Wife.self) }
        container.register(Wife.self) { _ in Wife() }
            .inObjectScope(.container)
            .initCompleted { r, wife in wife.husband = r.resolve(Husband.self) }

        let husband = container.resolve(Husband.self)!
        #expect(husband.wife?.husband === husband)
        #expect(container.resolve(Wife.self) === husband.wife)
    }

    @Test("an initializer cycle returns nil from resolve and throws circularDependency from require")
    func initializerCycle() {
        let line = #line + 2
        let container = Container()
        container.register(Egg.self) { r in Egg(chicken: try r.require(Chicken.self)) }
        container.register(Chicken.self) { r in Chicken(egg: try r.require(Egg.self)) }

        #expect(container.resolve(Egg.self) == nil)
        do {
            _ = try container.require(Egg.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .circularDependency(let cycle) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(cycle.map(\.description) == ["Egg", "Chicken", "Egg"])
            #expect(
                error.description == """
                    Syringe: cannot resolve Egg: circular dependency Egg -> Chicken -> Egg.
                      Resolution path: Egg -> Chicken -> Egg
                      Registrations in the cycle:
                        Egg [graph] at SyringeTests/CircularDependenciesSamples.swift:\(line)
                        Chicken [graph] at SyringeTests/CircularDependenciesSamples.swift:\(line + 1)
                      To fix: break the cycle by injecting one side in .initCompleted { r, s in … } (property injection) in a .graph or .container scope, or with Lazy/Provider.
                    """
            )
        }
    }

    @Test("a longer cycle is reported with every step")
    func longerCycle() {
        let container = Container()
        container.register(Rock.self) { r in Rock(paper: try r.require(Paper.self)) }
        container.register(Paper.self) { r in Paper(scissors: try r.require(Scissors.self)) }
        container.register(Scissors.self) { r in Scissors(rock: try r.require(Rock.self)) }

        do {
            _ = try container.require(Paper.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .circularDependency(let cycle) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(cycle.map(\.description) == ["Paper", "Scissors", "Rock", "Paper"])
        }
    }

    @Test("Lazy breaks an initializer cycle and keeps the graph consistent")
    func lazyBreaksCycle() {
        final class Teacher {
            let student: Lazy<Student>
            init(student: Lazy<Student>) { self.student = student }
        }
        final class Student {
            let teacher: Teacher
            init(teacher: Teacher) { self.teacher = teacher }
        }
        let container = Container()
        container.register(Teacher.self) { r in Teacher(student: r.resolve(Lazy<Student>.self)!) }
        container.register(Student.self) { r in Student(teacher: r.resolve(Teacher.self)!) }

        let teacher = container.resolve(Teacher.self)!
        #expect(teacher.student.instance.teacher === teacher)
    }

    @Test("in the transient scope the request that comes back fails as a cycle")
    func transientCycle() {
        let container = Container()
        container.register(Husband.self) { _ in Husband() }
            .inObjectScope(.transient)
            .initCompleted { r, husband in husband.wife = try r.require(Wife.self) }
        container.register(Wife.self) { _ in Wife() }
            .inObjectScope(.transient)
            .initCompleted { r, wife in wife.husband = try r.require(Husband.self) }

        #expect(container.resolve(Husband.self) == nil)
        do {
            _ = try container.require(Husband.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .circularDependency(let cycle) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(cycle.map(\.description) == ["Husband", "Wife", "Husband"])
        }
    }
}

private final class DocParent {
    let child: DocChild
    init(child: DocChild) { self.child = child }
}

private final class DocChild {
    weak var parent: DocParent?
}

@Suite("Circular dependencies page: initializer one way, property the other")
struct CircularDependenciesInitializerPropertySamples {
    @Test("Parent(child:) with child.parent set in initCompleted forms one graph")
    func parentChild() throws {
        let container = Container()
        container.register(DocParent.self) { r in DocParent(child: r.resolve(DocChild.self)!) }
            .inObjectScope(.container)
        container.register(DocChild.self) { _ in DocChild() }
            .inObjectScope(.container)
            .initCompleted { r, child in child.parent = r.resolve(DocParent.self) }
        let parent = try #require(container.resolve(DocParent.self))
        #expect(parent.child.parent === parent)
    }
}
