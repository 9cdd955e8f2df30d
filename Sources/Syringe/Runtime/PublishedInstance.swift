/// The immutable box of a `.container` registration's kept instance, read by quick reads without a lock; released
/// only after ``Reclamation/waitForQuickReads()``. Not generic: a generic class's first instance per type costs
/// ~1,000 instructions of metadata.
///
/// Invariant: only ``typed(_:storedExactlyIn:)`` sets `typedAs` and `object`: `typedAs` names the type `instance`
/// stores exactly, and `object` is set exactly when that is a class type, as ``typedValue(as:)`` relies on.
final class PublishedInstance: @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` set before the box is published; the instance crosses
    // threads as every kept instance does.

    /// The instance, in an `Any` that stores it as exactly the type `typedAs` names when that is set.
    let instance: Any
    let typedAs: ObjectIdentifier?
    /// The instance as its one reference, when `typedAs` names a class type (and only then).
    let object: AnyObject?

    // Private, so that only the factories below set `typedAs` and `object` (the invariant).
    private init(instance: Any, typedAs: ObjectIdentifier?, object: AnyObject?) {
        self.instance = instance
        self.typedAs = typedAs
        self.object = object
    }

    /// The box of an instance of a type the registration's factory did not declare: read only as `Any`.
    static func erased(_ instance: Any) -> PublishedInstance {
        PublishedInstance(instance: instance, typedAs: nil, object: nil)
    }

    /// The box of `instance`, typed as `Service` when it is one, so that a resolve of `Service` needs no cast.
    static func boxing<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        switch instance {
        case let service as Service: typed(service, storedExactlyIn: service)
        default: erased(instance)
        }
    }

    /// The box of `value`, typed as `Service`; `stored` is `value` in an `Any` that stores exactly a `Service`.
    static func typed<Service>(_ value: Service, storedExactlyIn stored: Any) -> PublishedInstance {
        PublishedInstance(instance: stored, typedAs: ObjectIdentifier(Service.self), object: classReference(value))
    }
}
