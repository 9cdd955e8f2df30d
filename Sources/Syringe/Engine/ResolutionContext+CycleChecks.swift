// ResolutionContext: cycle checks on the path of frames, and the reruns that keep Swinject's circular graphs.

extension ResolutionContext {
    /// Throws if asking for `registration` now can only recurse forever: its factory is already running here. As
    /// in Swinject, a request back through an `initCompleted` of an instance its scope keeps (the loop made progress)
    /// reruns the factory instead, up to ``rerunLimit`` (Documentation/CircularDependencies.md).
    // Out of line: it returns before the factory runs, so its locals need not sit in every level's frame.
    @inline(never)
    func checkCycle(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        try checkCycleInline(registration, as: requestedType, name: name)
    }

    /// ``checkCycle(_:as:name:)`` for a registration the caller holds, for code outside the engine.
    func checkCycle(
        of registration: Registration, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        try checkCycle(Unretained(registration), as: requestedType, name: name)
    }

    /// ``checkCycle(_:as:name:)``, then ``push(_:as:name:)``: the two steps before a factory, in one call.
    @inline(never)
    func checkCycleAndPush(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        try checkCycleInline(registration, as: requestedType, name: name)
        try pushFrame(registration, as: requestedType, name: name)
    }

    /// The body of ``checkCycle(_:as:name:)``, inlined into it and into ``checkCycleAndPush(_:as:name:)``.
    @inline(__always)
    func checkCycleInline(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        var index = depth - 1
        var throughCompletion = false
        var found = -1
        var occurrences = 0
        // Walk the uncounted frames (at most twice `uncountedWindow`); the counted ones are looked up.
        let countedDepth = self.countedDepth
        while index >= countedDepth {
            if self[frameAt: index].makes(registration) {
                occurrences += 1
                if found < 0 { found = index }
            } else if found < 0, self[frameAt: index].completesKeptInstance {
                throughCompletion = true
            }
            index -= 1
        }
        if countedDepth > 0,
            let deeper = countedFrames[registration.with { ObjectIdentifier($0) }]
        {
            guard found >= 0 else {
                // Running only further down: rare, so the whole path is walked.
                return try checkCycleOnWholePath(
                    registration.object, as: requestedType, name: name
                )
            }
            occurrences += deeper
        }
        guard found >= 0 else { return }
        if throughCompletion, occurrences <= Self.rerunLimit {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration.object, as: requestedType, name: name)
    }

    /// ``checkCycle(_:as:name:)`` walking every frame of the path.
    func checkCycleOnWholePath(
        _ registration: Registration, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        let unretained = Unretained(registration)
        var throughCompletion = false
        var found = -1
        var occurrences = 0
        for index in stride(from: depth - 1, through: 0, by: -1) {
            if self[frameAt: index].makes(unretained) {
                occurrences += 1
                if found < 0 { found = index }
            } else if found < 0, self[frameAt: index].completesKeptInstance {
                throughCompletion = true
            }
        }
        guard found >= 0 else { return }
        if throughCompletion, occurrences <= Self.rerunLimit {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration, as: requestedType, name: name)
    }

    /// How many times one factory may be running at once through reruns: far above what real graphs need.
    static var rerunLimit: Int { 8 }

    /// How many of the innermost frames `checkCycle` always walks before counting the deeper ones.
    var uncountedWindow: Int { 32 }

    /// Counts the frames from `uncountedWindow` below the top down to the counted ones, so `checkCycle` walks at
    /// most `uncountedWindow` frames again; each is uncounted when it ends.
    @inline(never)
    func countFrames() {
        // The frame at index `i` is at depth `i + 1`.
        let first = depth - 1 - uncountedWindow
        var index = first
        while index >= countedDepth {
            countedFrames[ObjectIdentifier(self[frameAt: index].registration), default: 0] += 1
            index -= 1
        }
        countedDepth = max(first + 1, 0)
    }

    /// Forgets a counted frame that ends.
    @inline(never)
    func uncount(at index: Int) {
        let id = ObjectIdentifier(self[frameAt: index].registration)
        if let count = countedFrames[id], count > 1 {
            countedFrames[id] = count - 1
        } else {
            countedFrames[id] = nil
        }
        countedDepth = index
    }
}
