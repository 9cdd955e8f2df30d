// Types and values that the samples of Documentation/DelayedInjection.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Analytics {}

final class Ticket {
    let seat: Int
    init(seat: Int) { self.seat = seat }
}

final class Theme {}

final class Toolbar {
    let theme: Theme
    init(theme: Theme) { self.theme = theme }
}

final class Printer {
    let label: String
    init(label: String = "default") { self.label = label }
}

final class Engine {}

final class Car {
    let engine: Engine
    let spare: Engine
    init(engine: Engine, spare: Engine) {
        self.engine = engine
        self.spare = spare
    }
}

let container = Container()
