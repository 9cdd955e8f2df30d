// Types and values that the samples of Documentation/CircularDependencies.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Rock {
    init(paper: Paper) {}
}

final class Paper {
    init(scissors: Scissors) {}
}

final class Scissors {
    init(rock: Rock) {}
}

let container = Container()
