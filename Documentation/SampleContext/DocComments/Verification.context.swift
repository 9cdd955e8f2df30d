// The context of the doc-comment samples of Sources/Syringe/Verification (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest.

var error: VerificationError { value() }
var report: VerificationReport { value() }
var captive: CaptiveDependency { value() }
var samples: VerificationSamples { value() }
var cacheRegistration: RegistrationDescription { value() }
var clockRegistration: RegistrationDescription { value() }
final class Cache {
    init(clock: any Clock) {}
}
final class Order {}
enum AppAssembler {
    static func makeContainer() -> Container { Container() }
}
