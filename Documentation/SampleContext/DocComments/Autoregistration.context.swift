// The context of the doc-comment samples of Sources/Syringe/Autoregistration (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

protocol Printer {}
struct LaserPrinter: Printer {}
final class ReceiptFormatter {}
final class ReceiptPrinter: AutoCreatable {
    init(resolver: any Resolver) throws {}
}
var error: AutoregistrationError { value() }
