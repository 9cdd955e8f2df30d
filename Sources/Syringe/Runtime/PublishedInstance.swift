/// The instance a `.container` registration keeps, in an immutable box that top-level resolves read without a
/// lock (see ``Registration/publishedInstance(typedAs:)``).
///
/// The registration's state owns the box while it keeps the instance; the registration also publishes the box's
/// address in an atomic word. Forgetting the instance unpublishes the box and releases it only after
/// ``Reclamation/waitForQuickReads()``, so a reader that loaded the address can still retain the instance.
class PublishedInstance: @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` set before the box is published. The instance itself
    // is shared between threads the way every kept instance is: the container hands it to whichever thread
    // resolves it.

    /// `ObjectIdentifier(Service.self)` of a ``TypedPublishedInstance``, whose `value` is exactly a `Service`;
    /// `nil` for an ``ErasedPublishedInstance``. ``typedValue(as:)`` downcasts the box by it.
    let typedAs: ObjectIdentifier?
    /// For a ``TypedPublishedInstance`` whose `Service` is a class: the instance, which a `Service` is then the
    /// same reference as. Read without calling `value` (see ``typedValue(as:)``).
    let object: AnyObject?

    // File-private, so that only the two subclasses below set `typedAs` and `object`: the unchecked reads of
    // `typedValue(as:)` (Runtime/ExactCast.swift) rely on what they set.
    fileprivate init(typedAs: ObjectIdentifier?, object: AnyObject?) {
        self.typedAs = typedAs
        self.object = object
    }

    /// The instance, as `Any`.
    var instance: Any {
        // Unreachable: only the two subclasses below are ever made, and both override this.
        preconditionFailure("PublishedInstance is abstract")
    }

    /// The box of `instance`: typed as `Service` when it is one (the type the registration's factory returns),
    /// so that a resolve of `Service` takes it out with no cast.
    static func boxing<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        switch instance {
        case let service as Service: TypedPublishedInstance(service)
        default: ErasedPublishedInstance(instance)
        }
    }
}

/// A kept instance stored as the registration's service type.
final class TypedPublishedInstance<Service>: PublishedInstance, @unchecked Sendable {
    // @unchecked Sendable: as for ``PublishedInstance``; `value` is a `let`.

    /// Returns the instance. A closure rather than a stored `Service`: its size does not depend on `Service`, so
    /// code that is not specialized for `Service` reads it without looking up the class's generic metadata for
    /// the field's offset (~300 instructions).
    let value: () -> Service

    init(_ value: Service) {
        self.value = { value }
        // The invariants `typedValue(as:)` relies on: `typedAs` is `Service`'s, and `object` is set only for a
        // class type, one reference wide, and is that reference (`as AnyObject` boxes nothing for a class
        // instance). `is AnyClass` holds only for class types: not for an existential (`any Animal`, `AnyObject`,
        // `Base & Animal`), whose value is more than the reference or differently laid out, nor for an optional.
        // A dynamic cast, not `value as AnyObject`: on a class instance it gives the reference itself, where the
        // conversion goes through the Objective-C bridging entry point and its conformance lookups (~2,500
        // instructions per instance kept).
        let object: AnyObject? = Service.self is AnyClass ? dynamicCast(value, to: AnyObject.self) : nil
        super.init(typedAs: ObjectIdentifier(Service.self), object: object)
    }

    override var instance: Any { value() }
}

/// A kept instance of a type the registration's factory did not declare (an erased factory's).
final class ErasedPublishedInstance: PublishedInstance, @unchecked Sendable {
    // @unchecked Sendable: as for ``PublishedInstance``; `stored` is a `let`.
    private let stored: Any

    init(_ instance: Any) {
        self.stored = instance
        super.init(typedAs: nil, object: nil)
    }

    override var instance: Any { stored }
}

/// `value` as `Target` through the runtime's dynamic cast (`as?` with both types generic, so the compiler neither
/// folds it into a conversion nor warns that it always succeeds).
private func dynamicCast<Value, Target>(_ value: Value, to: Target.Type) -> Target? {
    value as? Target
}
