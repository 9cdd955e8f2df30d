// A small app wired by Syringe: run it with `swift run BasicUsage`.
import Syringe

protocol Animal: AnyObject {
    var name: String { get }
    func sound() -> String
}

final class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { "Meow" }
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
    func sound() -> String { "Woof" }
}

final class Logger {
    private(set) var lines: [String] = []
    func log(_ line: String) { lines.append(line) }
}

final class PetOwner {
    let name: String
    let pets: [any Animal]
    var logger: Logger?

    init(name: String, pets: [any Animal]) {
        self.name = name
        self.pets = pets
    }

    func play() -> [String] {
        pets.map { pet in
            let line = "\(name) plays with \(pet.name): \(pet.sound())"
            logger?.log(line)
            return line
        }
    }
}

let container = Container()
container.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
container.register((any Animal).self, name: "cat") { _ in Cat(name: "Mimi") }
container.register((any Animal).self, name: "dog") { (_, name: String) in Dog(name: name) }
container.register(PetOwner.self) { r in
    PetOwner(
        name: "Alex",
        pets: [
            r.resolve((any Animal).self, name: "cat")!, r.resolve((any Animal).self, name: "dog", argument: "Hachi")!,
        ]
    )
}
.initCompleted { r, owner in owner.logger = r.resolve(Logger.self) }

do {
    let owner = try container.require(PetOwner.self)
    print("Resolved graph:")
    print("PetOwner(\(owner.name))")
    for pet in owner.pets {
        print("├─ \(type(of: pet))(\(pet.name))")
    }
    print("└─ Logger (container scope, same instance: \(owner.logger === container.resolve(Logger.self)))")
    print()
    for line in owner.play() { print(line) }

    print()
    print("A mistake, reported with the fix:")
    _ = try container.require((any Animal).self, name: "cta")
} catch {
    print(error)
}
