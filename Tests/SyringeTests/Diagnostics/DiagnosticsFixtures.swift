import Synchronization
import Syringe
import Testing

/// Services shared by the diagnostics tests, in a namespace so they never clash with other tests' types;
/// each test file aliases the ones it uses privately.
enum DiagnosticsFixtures {
    protocol Animal: AnyObject, Sendable {
        var name: String { get }
    }

    final class Cat: Animal {
        let name: String
        init(name: String = "Mimi") { self.name = name }
    }

    final class Dog: Animal {
        let name: String
        init(name: String = "Hachi") { self.name = name }
    }

    final class PetOwner: Sendable {
        let pet: any Animal
        init(pet: any Animal) { self.pet = pet }
    }

    /// A type no service conforms to, for type-forwarding mistakes.
    protocol Vehicle {}

    /// An error a factory throws.
    enum DatabaseError: Error {
        case connectionRefused
    }

    /// Counts calls from any thread.
    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    /// The resolution error a throwing call threw, or nil when it threw none.
    static func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ResolutionError
        }
    }
}
