// The context of the doc-comment samples of Sources/Syringe/Diagnostics (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest.

var error: ResolutionError { value() }
var registration: RegistrationDescription { value() }
var request: ServiceRequest { value() }
var property: InjectedPropertyDescription { value() }
var traced: TracedResolution<PetOwner> { value() }
var trace: ResolutionTrace { value() }
var step: ResolutionTrace.Step { value() }
final class CheckoutViewController {}
var controller: CheckoutViewController { value() }
enum DatabaseError: Error { case connectionRefused }
func retry(after error: DatabaseError) {}
struct Logger: Sendable {
    func warning(_ message: String) {}
}
let logger = Logger()
var message: Container.LogMessage { value() }
