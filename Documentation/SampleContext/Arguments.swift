// Types and values that the samples of Documentation/Arguments.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol Animal {
    var name: String { get }
}

final class Cat: Animal {
    let name: String
    let sleeping: Bool
    init(name: String, sleeping: Bool = false) {
        self.name = name
        self.sleeping = sleeping
    }
}

final class Horse: Animal {
    let name: String
    let running: Bool
    init(name: String, running: Bool) {
        self.name = name
        self.running = running
    }
}

struct Point: Equatable {
    let x: Int
    let y: Int
}

final class Stable {
    let horse: any Animal
    init(horse: any Animal) { self.horse = horse }
}

struct Pair {
    let first: Point
    let second: Point
}

struct Report {
    let title: String
    let parts: [Int]
}

struct Greeting {
    let text: String
}

protocol Pet {}

final class Dog: Animal, Pet {
    let name: String
    init(name: String) { self.name = name }
}

final class Owner {
    let pet: Any
    init(pet: Any) { self.pet = pet }
}

let container = Container()
