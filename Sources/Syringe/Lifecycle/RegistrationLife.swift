/// Stands for a registration in its lifecycle store's entries, alive exactly as long as it (only the registration's
/// state holds it): a weak reference to it tells whether the registration is gone. Not a weak reference to the
/// registration itself, whose side table would slow every retain of it (+7.5% on a request graph, measured).
final class RegistrationLife: Sendable {}

extension Registration.State {
    /// The registration's ``RegistrationLife``, made when its first instance is recorded. Call with its lock held.
    mutating func madeLife() -> RegistrationLife {
        if let life { return life }
        let made = RegistrationLife()
        life = made
        return made
    }
}
