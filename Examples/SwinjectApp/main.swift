// A program written for Swinject 2.10 and kept as it was, except for the import: Swinject's API, Swift 5
// language mode, protocols spelled `Animal.self`. Run it with `swift run SwinjectApp`; it exits with status 1 if
// a check fails. With `import Swinject` it builds and passes the same checks against Swinject 2.10.0 (checked in
// a package that depends on a clone of Swinject at that tag). The only line changed from the Swinject version:
import Syringe  // was: import Swinject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var failures = 0

func check(_ condition: Bool, _ claim: String) {
    print(condition ? "  ok    \(claim)" : "  FAIL  \(claim)")
    if !condition { failures += 1 }
}

// MARK: Model

protocol Animal: AnyObject {
    var name: String { get }
    func sound() -> String
}

class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { return "Meow!" }
}

class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { return "Bow wow!" }
}

protocol Person {
    func play() -> String
}

class PetOwner: Person {
    let pet: Animal
    var toy: Toy?
    init(pet: Animal) { self.pet = pet }
    func play() -> String {
        let name = pet.name
        return "I'm playing with \(name) and a \(toy?.kind ?? "nothing"). \(pet.sound())"
    }
}

class Toy {
    let kind: String
    init(kind: String) { self.kind = kind }
}

// Circular dependency: a parent that knows its child, and a child that knows its parent.
class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}

class Child {
    weak var parent: Parent?
}

class Logger {
    var messages: [String] = []
}

// MARK: Assemblies

class AnimalAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Animal.self) { _ in Cat(name: "Mimi") }
        container.register(Animal.self, name: "dog") { _ in Dog(name: "Hachi") }
        container.register(Animal.self, name: "named") { (_, name: String) in Cat(name: name) }
    }
}

class PersonAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Toy.self) { _ in Toy(kind: "ball") }
        container.register(Person.self) { r in
            PetOwner(pet: r.resolve(Animal.self)!)
        }
        .initCompleted { r, person in
            let owner = person as! PetOwner
            owner.toy = r.resolve(Toy.self)
        }
        container.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
    }

    func loaded(resolver: Resolver) {
        resolver.resolve(Logger.self)!.messages.append("PersonAssembly loaded")
    }
}

class FamilyAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Parent.self) { r in Parent(child: r.resolve(Child.self)!) }
        container.register(Child.self) { _ in Child() }
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
    }
}

// MARK: Program

let assembler = Assembler([AnimalAssembly(), PersonAssembly(), FamilyAssembly()])
let resolver = assembler.resolver

print("1. Registration and resolution")
let person = resolver.resolve(Person.self)!
print("  " + person.play())
check(person.play() == "I'm playing with Mimi and a ball. Meow!", "the owner plays with Mimi and a ball")
check(resolver.resolve(Animal.self, name: "dog")?.name == "Hachi", "a named registration")
check(resolver.resolve(Animal.self, name: "named", argument: "Tama")?.name == "Tama", "a runtime argument")
check(resolver.resolve(Animal.self, name: "cow") == nil, "an unknown name resolves to nil")

print("2. Object scopes")
check(resolver.resolve(Logger.self) === resolver.resolve(Logger.self), ".container is a singleton")
check(resolver.resolve(Animal.self) !== resolver.resolve(Animal.self), ".graph makes one per resolve")
check(resolver.resolve(Logger.self)?.messages == ["PersonAssembly loaded"], "loaded(resolver:) ran once")

print("3. Circular dependencies")
let parent = resolver.resolve(Parent.self)!
check(parent.child.parent === parent, "the child's parent is the parent that was resolved")

print("4. Child containers and thread-safe resolvers")
let parentContainer = Container()
parentContainer.register(Animal.self) { _ in Cat(name: "Parent's cat") }
let childContainer = Container(parent: parentContainer)
check(childContainer.resolve(Animal.self)?.name == "Parent's cat", "a child resolves its parent's registrations")
let threadSafe = childContainer.synchronize()
check(threadSafe.resolve(Animal.self)?.name == "Parent's cat", "synchronize() still works")

print("5. Lazy and Provider")
let lazyCat = resolver.resolve(Lazy<Animal>.self)!
let provider = resolver.resolve(Provider<Animal>.self)!
check(lazyCat.instance === lazyCat.instance, "a Lazy makes its instance once")
check(provider.instance !== provider.instance, "a Provider makes one per read")

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
