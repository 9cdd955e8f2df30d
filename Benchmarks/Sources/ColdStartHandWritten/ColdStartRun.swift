import ColdStartModel

/// One cold start of the generated app wired by hand: every service made once, the singletons kept, then all
/// references dropped. Returns how many services were made.
@inline(never)
public func runHandWrittenColdStart() -> Int {
    let singletons = Singletons()
    let made = coldBuild(singletons)
    dropSingletons(singletons)
    return made
}

/// The teardown: the last reference to the singletons released here.
@inline(never)
func dropSingletons(_ singletons: consuming Singletons) {
    _ = consume singletons
}
