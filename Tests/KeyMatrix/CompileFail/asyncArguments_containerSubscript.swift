// expected-error: this key's factory runs on an actor or is async
import Syringe

func cell(_ container: Container) throws {
    _ = try container[.matrixAsyncArguments, 7]
}
