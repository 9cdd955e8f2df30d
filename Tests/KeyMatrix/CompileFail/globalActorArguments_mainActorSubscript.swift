// expected-error: conform to 'ServiceKeys.MainActorExecution'
import Syringe

@MainActor func cell(_ container: Container) throws {
    _ = try container.mainActor[.matrixGlobalActorArguments, 7]
}
