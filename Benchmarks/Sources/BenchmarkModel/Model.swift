// The object graph every system builds. Plain final classes with initializer injection, so each system (and
// the hand-wired baseline) does exactly the same work apart from the wiring itself. Shared by both harnesses:
// SyringeBenchmarks and ResolutionHarness (ordo-one's package-benchmark). The initializers are `@inlinable`, so
// hand-written wiring in another module is as transparent to the optimizer as in the module that declares them.

/// A service with no dependencies (scenarios 1, 7, 8, 9, 10).
public final class Leaf {
    @inlinable public init() {}
}

/// Scenario 2: three dependencies by initializer injection.
public final class DependencyA {
    @inlinable public init() {}
}

public final class DependencyB {
    @inlinable public init() {}
}

public final class DependencyC {
    @inlinable public init() {}
}

public final class ThreeDependencies {
    public let a: DependencyA
    public let b: DependencyB
    public let c: DependencyC

    @inlinable public init(a: DependencyA, b: DependencyB, c: DependencyC) {
        self.a = a
        self.b = b
        self.c = c
    }
}

/// Scenario 3: a tree of 31 objects, depth 4, fan-out 2 (one type per level).
public final class TreeLevel4 {
    @inlinable public init() {}
}

public final class TreeLevel3 {
    public let left: TreeLevel4
    public let right: TreeLevel4
    @inlinable public init(left: TreeLevel4, right: TreeLevel4) {
        self.left = left
        self.right = right
    }
}

public final class TreeLevel2 {
    public let left: TreeLevel3
    public let right: TreeLevel3
    @inlinable public init(left: TreeLevel3, right: TreeLevel3) {
        self.left = left
        self.right = right
    }
}

public final class TreeLevel1 {
    public let left: TreeLevel2
    public let right: TreeLevel2
    @inlinable public init(left: TreeLevel2, right: TreeLevel2) {
        self.left = left
        self.right = right
    }
}

public final class TreeRoot {
    public let left: TreeLevel1
    public let right: TreeLevel1
    @inlinable public init(left: TreeLevel1, right: TreeLevel1) {
        self.left = left
        self.right = right
    }

    /// The number of objects in the tree, to check that every system builds all 31.
    public var objectCount: Int {
        var objects: [AnyObject] = [self]
        for one in [left, right] {
            objects.append(one)
            for two in [one.left, one.right] {
                objects.append(two)
                for three in [two.left, two.right] {
                    objects.append(three)
                    objects.append(three.left)
                    objects.append(three.right)
                }
            }
        }
        return Set(objects.map(ObjectIdentifier.init)).count
    }
}

/// Scenario 4: a `.container` singleton.
public final class Singleton {
    @inlinable public init() {}
}

/// Scenario 5: a service made from one runtime argument.
public final class Configured {
    public let value: Int
    @inlinable public init(value: Int) {
        self.value = value
    }
}

/// Scenario 6: a graph-scoped diamond; `Left` and `Right` share one `Shared`.
public final class Shared {
    @inlinable public init() {}
}

public final class Left {
    public let shared: Shared
    @inlinable public init(shared: Shared) {
        self.shared = shared
    }
}

public final class Right {
    public let shared: Shared
    @inlinable public init(shared: Shared) {
        self.shared = shared
    }
}

public final class Diamond {
    public let left: Left
    public let right: Right
    @inlinable public init(left: Left, right: Right) {
        self.left = left
        self.right = right
    }
}

/// The hand-written diamond of scenario 6: one `Shared` for both sides, as a graph scope gives.
@inlinable public func handWiredDiamond() -> Diamond {
    let shared = Shared()
    return Diamond(left: Left(shared: shared), right: Right(shared: shared))
}

/// Scenario 12, the default object scope: a service with no dependencies registered with no `inObjectScope`.
public final class DefaultScoped {
    @inlinable public init() {}
}

/// Scenario 11: one link of an acyclic chain of distinct registrations.
public final class ChainLink {
    public private(set) var next: ChainLink?
    public init(next: ChainLink?) {
        self.next = next
    }

    public var length: Int {
        var count = 1
        var link = next
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }

    /// Unlinks the chain one link at a time: releasing a long chain at once would recurse once per link.
    public func dismantle() {
        var link = next
        next = nil
        while let current = link {
            link = current.next
            current.next = nil
        }
    }
}

/// The registration names of scenario 8 (and of the chain of scenario 11).
public func serviceNames(_ count: Int) -> [String] {
    (0..<count).map { "service-\($0)" }
}
