// Types that the samples of README.md use without showing them.
// Compiled before the page's blocks (see Documentation/README.md, "Writing samples").
protocol Animal {
    var name: String { get }
}

final class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
}

final class Logger: Sendable {}

final class PetOwner {
    let pet: any Animal
    var logger: Logger?
    init(pet: any Animal) { self.pet = pet }
}
