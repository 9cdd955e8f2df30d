// Autoregistration with the dependencies as one tuple, `{ (deps: (A, B)) in … }`, for 2 to 20 as in
// SwinjectAutoregistration. One overload per count, each forwarding to the pack form: a pack-expanded tuple
// parameter, `((repeat each Parameter)) -> Service`, crashes the Swift 6.3.1 compiler at the call site.

extension Container {
    /// Autoregistration with an initializer that takes its 2 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) { (a: A, b: B) in
            try initializer((a, b))
        }
    }

    /// Autoregistration with an initializer that takes its 3 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) { (a: A, b: B, c: C) in
            try initializer((a, b, c))
        }
    }

    /// Autoregistration with an initializer that takes its 4 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) { (a: A, b: B, c: C, d: D) in
            try initializer((a, b, c, d))
        }
    }

    /// Autoregistration with an initializer that takes its 5 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) { (a: A, b: B, c: C, d: D, e: E) in
            try initializer((a, b, c, d, e))
        }
    }

    /// Autoregistration with an initializer that takes its 6 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) { (a: A, b: B, c: C, d: D, e: E, f: F) in
            try initializer((a, b, c, d, e, f))
        }
    }

    /// Autoregistration with an initializer that takes its 7 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G) in
            try initializer((a, b, c, d, e, f, g))
        }
    }

    /// Autoregistration with an initializer that takes its 8 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H) in
            try initializer((a, b, c, d, e, f, g, h))
        }
    }

    /// Autoregistration with an initializer that takes its 9 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I) in
            try initializer((a, b, c, d, e, f, g, h, i))
        }
    }

    /// Autoregistration with an initializer that takes its 10 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J) in
            try initializer((a, b, c, d, e, f, g, h, i, j))
        }
    }

    /// Autoregistration with an initializer that takes its 11 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k))
        }
    }

    /// Autoregistration with an initializer that takes its 12 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l))
        }
    }

    /// Autoregistration with an initializer that takes its 13 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m))
        }
    }

    /// Autoregistration with an initializer that takes its 14 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n))
        }
    }

    /// Autoregistration with an initializer that takes its 15 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o))
        }
    }

    /// Autoregistration with an initializer that takes its 16 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O, p: P) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p))
        }
    }

    /// Autoregistration with an initializer that takes its 17 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O, p: P, q: Q) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q))
        }
    }

    /// Autoregistration with an initializer that takes its 18 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O, p: P, q: Q, r: R)
            in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r))
        }
    }

    /// Autoregistration with an initializer that takes its 19 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer: @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (
                a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O, p: P, q: Q,
                r: R, s: S
            ) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s))
        }
    }

    /// Autoregistration with an initializer that takes its 20 dependencies as one tuple, each resolved by its type.
    ///
    /// ```swift
    /// container.autoregister(Person.self) { (deps: (any Animal, any Food)) in PetOwner(pet: deps.0, food: deps.1) }
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line,
        initializer:
            @escaping @Sendable ((A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T)) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(Service.self, name: name, fileID: fileID, line: line) {
            (
                a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L, m: M, n: N, o: O, p: P, q: Q,
                r: R, s: S, t: T
            ) in
            try initializer((a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t))
        }
    }
}
