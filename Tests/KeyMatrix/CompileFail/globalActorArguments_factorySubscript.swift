// expected-error: subscript 'subscript(_:_:)' cannot be accessed from outside of the actor
import Syringe

func cell(_ container: Container) throws {
    container.register(MatrixConsumer.self) { r in MatrixConsumer(service: try r[.matrixGlobalActorArguments, 7]) }
}
