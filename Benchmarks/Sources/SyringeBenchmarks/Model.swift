// The object graph every system builds. Plain final classes with initializer injection, so each system (and
// the hand-wired baseline) does exactly the same work apart from the wiring itself.

/// A service with no dependencies (scenarios 1, 7, 8, 9, 10).
final class Leaf {
    init() {}
}

/// Scenario 2: three dependencies by initializer injection.
final class DependencyA {
    init() {}
}

final class DependencyB {
    init() {}
}

final class DependencyC {
    init() {}
}

final class ThreeDependencies {
    let a: DependencyA
    let b: DependencyB
    let c: DependencyC

    init(a: DependencyA, b: DependencyB, c: DependencyC) {
        self.a = a
        self.b = b
        self.c = c
    }
}

/// Scenario 3: a tree of 31 objects, depth 4, fan-out 2 (one type per level).
final class TreeLevel4 {
    init() {}
}

final class TreeLevel3 {
    let left: TreeLevel4
    let right: TreeLevel4
    init(left: TreeLevel4, right: TreeLevel4) {
        self.left = left
        self.right = right
    }
}

final class TreeLevel2 {
    let left: TreeLevel3
    let right: TreeLevel3
    init(left: TreeLevel3, right: TreeLevel3) {
        self.left = left
        self.right = right
    }
}

final class TreeLevel1 {
    let left: TreeLevel2
    let right: TreeLevel2
    init(left: TreeLevel2, right: TreeLevel2) {
        self.left = left
        self.right = right
    }
}

final class TreeRoot {
    let left: TreeLevel1
    let right: TreeLevel1
    init(left: TreeLevel1, right: TreeLevel1) {
        self.left = left
        self.right = right
    }

    /// The number of objects in the tree, to check that every system builds all 31.
    var objectCount: Int {
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
final class Singleton {
    init() {}
}

/// Scenario 5: a service made from one runtime argument.
final class Configured {
    let value: Int
    init(value: Int) {
        self.value = value
    }
}

/// Scenario 6: a graph-scoped diamond; `Left` and `Right` share one `Shared`.
final class Shared {
    init() {}
}

final class Left {
    let shared: Shared
    init(shared: Shared) {
        self.shared = shared
    }
}

final class Right {
    let shared: Shared
    init(shared: Shared) {
        self.shared = shared
    }
}

final class Diamond {
    let left: Left
    let right: Right
    init(left: Left, right: Right) {
        self.left = left
        self.right = right
    }
}

/// Scenario 11: one link of an acyclic chain of distinct registrations.
final class ChainLink {
    private(set) var next: ChainLink?
    init(next: ChainLink?) {
        self.next = next
    }

    var length: Int {
        var count = 1
        var link = next
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }

    /// Unlinks the chain one link at a time: releasing a long chain at once would recurse once per link.
    func dismantle() {
        var link = next
        next = nil
        while let current = link {
            link = current.next
            current.next = nil
        }
    }
}

/// The registration names of scenario 8 (and of the chain of scenario 11).
func serviceNames(_ count: Int) -> [String] {
    (0..<count).map { "service-\($0)" }
}
