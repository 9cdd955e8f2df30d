/// The instance a `.container` registration keeps, in an immutable box that top-level resolves read without a
/// lock (see ``Registration/publishedInstance(typedAs:)``).
///
/// The registration's state owns the box while it keeps the instance; the registration also publishes the box's
/// address in an atomic word. Forgetting the instance unpublishes the box and releases it only after
/// ``Reclamation/waitForQuickReads()``, so a reader that loaded the address can still retain the instance.
///
/// One class, not generic over the service type: boxing an instance of a type never kept before looks up no metadata
/// of a class made for it (~1,000 instructions for a generic class's first instance), which matters at launch,
/// where every singleton is kept for the first time, and to a derived container
/// (``Container/derived(registeringClosure:)``), where every test boxes its own singletons.
final class PublishedInstance: @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` set before the box is published. The instance itself
    // is shared between threads the way every kept instance is: the container hands it to whichever thread
    // resolves it.

    /// The instance, in an `Any` that stores it as exactly the type `typedAs` names when that is set.
    let instance: Any
    /// `ObjectIdentifier(Service.self)` of a box made by ``typed(_:storedExactlyIn:)``,
    /// whose `instance` stores exactly a `Service`; `nil` for a box of an instance of a type the registration's
    /// factory did not declare (``erased(_:)``). ``typedValue(as:)`` reads the box by it.
    let typedAs: ObjectIdentifier?
    /// The instance itself, when `typedAs` names a class type (and only then): a value of that type is this one
    /// reference (see ``typedValue(as:)``).
    let object: AnyObject?

    // Private, so that only the factories below set `typedAs` and `object`: the unchecked reads of
    // `typedValue(as:)` (Runtime/ExactCast.swift) rely on what they set.
    private init(instance: Any, typedAs: ObjectIdentifier?, object: AnyObject?) {
        self.instance = instance
        self.typedAs = typedAs
        self.object = object
    }

    /// The box of an instance of a type the registration's factory did not declare (an erased factory's): read
    /// only as `Any`.
    static func erased(_ instance: Any) -> PublishedInstance {
        PublishedInstance(instance: instance, typedAs: nil, object: nil)
    }

    /// The box of `instance`: typed as `Service` when it is one (the type the registration's factory returns),
    /// so that a resolve of `Service` takes it out with no cast.
    static func boxing<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        switch instance {
        case let service as Service: typed(service, storedExactlyIn: service)
        default: erased(instance)
        }
    }

    /// The box of `value`, typed as `Service`, with its reference when `Service` is a class type. `stored` is `value`
    /// in an `Any` that stores it as exactly a `Service` (the factory's result, kept as it is; or `value` itself,
    /// which code generic over `Service` stores as a `Service`).
    static func typed<Service>(_ value: Service, storedExactlyIn stored: Any) -> PublishedInstance {
        // A class type's value is its one reference (Runtime/ExactCast.swift).
        PublishedInstance(instance: stored, typedAs: ObjectIdentifier(Service.self), object: classReference(value))
    }
}
