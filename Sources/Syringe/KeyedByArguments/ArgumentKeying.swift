// How a keyed registration turns a resolve's arguments into a dictionary key, chosen at registration: one to three
// `Hashable` arguments by their own types (taken out of the `Any` with no dynamic cast when it holds exactly the
// registered types), none or four and more as `AnyHashable`s found by reflection (``ArgumentKey``).

/// Makes the keys of a keyed registration's arguments, and the table of its instances by them.
protocol ArgumentKeying: Sendable {
    func makeTable(strongly: Bool, limit: Int?) -> any KeyedInstanceTable
    /// Whether `arguments` (one value, or a tuple) make a key.
    func canKey(_ arguments: Any) -> Bool
}

/// Makes the key of a resolve's arguments.
protocol ArgumentKeyMaker {
    associatedtype Key: Hashable
    /// The key of `arguments` (one value, or a tuple when several), `nil` when they make none.
    static func key(of arguments: Any) -> Key?
}

/// The keying of arguments whose keys `Maker` makes, in a table of generic code.
struct TypedArgumentKeying<Maker: ArgumentKeyMaker>: ArgumentKeying {
    func makeTable(strongly: Bool, limit: Int?) -> any KeyedInstanceTable {
        GenericKeyedInstanceTable<Maker>(instances: KeyedInstances(strongly: strongly, limit: limit))
    }

    func canKey(_ arguments: Any) -> Bool {
        Maker.key(of: arguments) != nil
    }
}

/// The keying of one `Int` argument, in a table specialized for it.
struct IntArgumentKeying: ArgumentKeying {
    func makeTable(strongly: Bool, limit: Int?) -> any KeyedInstanceTable {
        IntKeyedInstanceTable(instances: KeyedInstances(strongly: strongly, limit: limit))
    }

    func canKey(_ arguments: Any) -> Bool {
        OneArgument<Int>.key(of: arguments) != nil
    }
}

/// The keying of one `String` argument, in a table specialized for it.
struct StringArgumentKeying: ArgumentKeying {
    func makeTable(strongly: Bool, limit: Int?) -> any KeyedInstanceTable {
        StringKeyedInstanceTable(instances: KeyedInstances(strongly: strongly, limit: limit))
    }

    func canKey(_ arguments: Any) -> Bool {
        OneArgument<String>.key(of: arguments) != nil
    }
}

/// The key of one `Hashable` argument: the argument itself (its own `==` and hash).
enum OneArgument<Value: Hashable>: ArgumentKeyMaker {
    @inline(__always)
    static func key(of arguments: Any) -> Value? {
        // Stored as its registered type unless converted: then cast.
        if holdsExactly(arguments, Value.self) { return value(ofExactly: arguments, as: Value.self) }
        switch arguments {
        case let argument as Value: return argument
        default: return nil
        }
    }
}

struct ArgumentPair<First: Hashable, Second: Hashable>: Hashable, ArgumentKeyMaker {
    let first: First
    let second: Second

    static func key(of arguments: Any) -> ArgumentPair? {
        if holdsExactly(arguments, (First, Second).self) {
            let (first, second) = value(ofExactly: arguments, as: (First, Second).self)
            return ArgumentPair(first: first, second: second)
        }
        switch arguments {
        case let (first, second) as (First, Second): return ArgumentPair(first: first, second: second)
        default: return nil
        }
    }
}

struct ArgumentTriple<First: Hashable, Second: Hashable, Third: Hashable>: Hashable, ArgumentKeyMaker {
    let first: First
    let second: Second
    let third: Third

    static func key(of arguments: Any) -> ArgumentTriple? {
        if holdsExactly(arguments, (First, Second, Third).self) {
            let (first, second, third) = value(ofExactly: arguments, as: (First, Second, Third).self)
            return ArgumentTriple(first: first, second: second, third: third)
        }
        switch arguments {
        case let (first, second, third) as (First, Second, Third):
            return ArgumentTriple(first: first, second: second, third: third)
        default: return nil
        }
    }
}

/// Chooses the keying of a registration's arguments.
enum ArgumentKeyings {
    /// Typed for one to three `Hashable` types, by `AnyHashable` otherwise (registration reports a non-`Hashable` one).
    static func keying(for argumentTypes: [Any.Type]) -> any ArgumentKeying {
        let hashable = argumentTypes.compactMap { $0 as? any Hashable.Type }
        if hashable.count == argumentTypes.count {
            switch hashable.count {
            case 1: return single(hashable[0])
            case 2: return pair(hashable[0], hashable[1])
            case 3: return triple(hashable[0], hashable[1], hashable[2])
            default: break
            }
        }
        return TypedArgumentKeying<ArgumentKey>()
    }

    private static func single<A: Hashable>(_: A.Type) -> any ArgumentKeying {
        if A.self == Int.self { return IntArgumentKeying() }
        if A.self == String.self { return StringArgumentKeying() }
        return TypedArgumentKeying<OneArgument<A>>()
    }

    private static func pair<A: Hashable, B: Hashable>(_: A.Type, _: B.Type) -> any ArgumentKeying {
        TypedArgumentKeying<ArgumentPair<A, B>>()
    }

    private static func triple<A: Hashable, B: Hashable, C: Hashable>(
        _: A.Type, _: B.Type, _: C.Type
    ) -> any ArgumentKeying {
        TypedArgumentKeying<ArgumentTriple<A, B, C>>()
    }
}

/// The runtime arguments of one resolve as `AnyHashable`s: the key for none, or four or more.
enum ArgumentKey: Hashable, ArgumentKeyMaker {
    case single(AnyHashable)
    /// The arguments of a registration that takes none or several, in order.
    case several([AnyHashable])

    /// The key of `arguments` (one value, or a tuple of `count` values), or `nil` when a value is not `Hashable`.
    init?(_ arguments: Any, count: Int) {
        if count == 1 {
            guard let value = arguments as? AnyHashable else { return nil }
            self = .single(value)
            return
        }
        var values: [AnyHashable] = []
        values.reserveCapacity(count)
        for child in Mirror(reflecting: arguments).children {
            guard let value = child.value as? AnyHashable else { return nil }
            values.append(value)
        }
        guard values.count == count else { return nil }
        self = .several(values)
    }

    /// The key of `arguments`: none, or a tuple of several (one argument is keyed by ``OneArgument``).
    static func key(of arguments: Any) -> ArgumentKey? {
        ArgumentKey(arguments, count: Mirror(reflecting: arguments).children.count)
    }

    /// The name of the first argument type of `arguments` that is not `Hashable`.
    static func unhashableTypeName(in arguments: Any, count: Int) -> String {
        let values = count == 1 ? [arguments] : Mirror(reflecting: arguments).children.map(\.value)
        let first = values.first { !($0 is AnyHashable) }
        return first.map { typeName(type(of: $0)) } ?? typeName(type(of: arguments))
    }
}
