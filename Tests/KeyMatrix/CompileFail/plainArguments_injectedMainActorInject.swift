// expected-error: but contextual base was inferred as
import Syringe

final class Owner { @Injected(.matrixPlainArguments) var service: MatrixService }
