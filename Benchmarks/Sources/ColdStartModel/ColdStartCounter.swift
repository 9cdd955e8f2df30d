/// How many services the cold-start app made: each generated initializer adds one, so the three wirings can be
/// compared (Syringe and Swinject make the same objects from the same registrations).
public enum ColdStartCounter {
    /// Only the process's one thread touches it.
    nonisolated(unsafe) public static var made = 0
}
