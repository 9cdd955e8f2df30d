import BookmarksApp
import Syringe

// Runs until SIGTERM or SIGINT; then the server drains, and the container disposes its instances (the store flushes).
let container = AppContainer.make()
try await container.async.verify(keys: ServiceKeys.all)
try await buildApplication(container: container).runService()
