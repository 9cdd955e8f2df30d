// Types and values that the samples of Documentation/MigratingFromSwinject.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol Animal {}
final class Cat: Animal {}

let container = Container()
