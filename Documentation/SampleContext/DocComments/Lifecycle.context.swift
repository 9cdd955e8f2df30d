// The context of the doc-comment samples of Sources/Syringe/Lifecycle (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest.

final class Connection: Sendable {
    func close() {}
}
let connection = Connection()
let socket = Connection()
actor UploadQueue {
    func flush() {}
}
let queue = UploadQueue()
final class CrashReporter {}

let app = Container()
