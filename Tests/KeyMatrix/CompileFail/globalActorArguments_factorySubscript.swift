// expected-error: expression is 'async' but is not marked with 'await'
import Syringe

func cell(_ container: Container) throws {
    container.register(MatrixConsumer.self) { r in MatrixConsumer(service: try r[.matrixGlobalActorArguments, 7]) }
}
