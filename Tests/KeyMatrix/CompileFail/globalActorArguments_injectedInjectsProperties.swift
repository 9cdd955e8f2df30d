// expected-error: but contextual base was inferred as
import Syringe

final class Owner { @Injected(.matrixGlobalActorArguments) var service: MatrixService }
